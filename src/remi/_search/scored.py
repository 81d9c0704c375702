"""The search kernel's scored candidates, for the solver (private; the first half is :mod:`remi._search.kernel`).

The solver's candidates (:func:`scored_runs`, :func:`scored_sets`,
:func:`cover_sets`) are *scored* and one per distinct use of cards: the
wilds are a count (a budget spent on gaps, ends and the cap), a run is its
naturals plus wilds filling and extending it, and a set takes its naturals
from the suits with most copies (:func:`greedy_suits`). They read the
kernel's line of values (:func:`remi._search.kernel.run_bounds`) as bits
(:class:`RunLine`, :func:`run_line`), which also gives a quick reject from
counts alone (:func:`suit_bits`, :func:`window_naturals`); the solver
memoises them per variant, as the points are the variant's. Count vectors
are the kernel's, without the dead twos' places (the solver drops them).
"""

from __future__ import annotations

from itertools import accumulate, combinations, compress, product

from remi._search.kernel import J
from remi.melds import MeldRules, Twos, WildCap, run_value_bounds, wild_cap

#: A scored candidate's score is ``points * SCORE_WEIGHT + cards``: points first, then more cards melded.
SCORE_WEIGHT = 1024

# A scored candidate: (score, canonical key, card indices used; J once per wild). A run's key is
# (suit, lowest natural's position, -first position, last position, *positions of its naturals);
# a set's (rank, naturals, jokers), and in the all-in cover (rank, naturals, jokers, *copies per suit).
Scored = tuple[int, tuple[int, ...], tuple[int, ...]]


class RunLine:
    """Where a suit's runs lie, as bits and tables over the *line* of positions (see the module).

    Without wrap-around the line is :func:`~remi._search.kernel.run_bounds`;
    with it, several turns of the 13 values, a run's lowest natural in the
    middle turn so that each run is found once.

    Attributes:
        lo: The line's first position.
        hi: The line's last position.
        lowest_from: The first position a run's lowest natural may take.
        lowest_to: The last position a run's lowest natural may take.
        values: The positions, ``lo`` to ``hi``.
        offsets: Each position's card offset (rank - 1).
        cards: ``cards[suit][position]``, the card at a position.
        bits: ``bits[offset]``, the positions of a card offset as bits (bit
            ``position - lo``; none for a 2 where 2s are wild in runs: a wild fills its place).
        windows: ``windows[length]``, every window of ``length`` positions as bits.
        jokers_of: ``jokers_of[count]``, ``count`` jokers' indices.
        most: ``most[length]``, what :func:`window_naturals` found for a suit's bits (a memo).
    """

    __slots__ = ("bits", "cards", "hi", "jokers_of", "lo", "lowest_from", "lowest_to", "most", "offsets", "values",
                 "windows")

    def __init__(
        self,
        lo: int,
        hi: int,
        lowest_from: int,
        lowest_to: int,
        values: tuple[int, ...],
        offsets: tuple[int, ...],
        cards: tuple[tuple[int, ...], ...],
        bits: tuple[int, ...],
        windows: tuple[tuple[int, ...], ...],
        jokers_of: tuple[tuple[int, ...], ...],
    ) -> None:
        self.lo = lo
        self.hi = hi
        self.lowest_from = lowest_from
        self.lowest_to = lowest_to
        self.values = values
        self.offsets = offsets
        self.cards = cards
        self.bits = bits
        self.windows = windows
        self.jokers_of = jokers_of
        self.most: tuple[dict[int, int], ...] = tuple({} for _ in windows)


RUN_LINES: dict[int, tuple[MeldRules, RunLine]] = {}


def run_line(rules: MeldRules) -> RunLine:
    """The line of ``rules`` (memoised per rules)."""
    hit = RUN_LINES.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    lo, hi, wrap = run_value_bounds(rules)  # (where 2s are wild no position stands for a 2: the line starts at 3)
    lowest_from, lowest_to = lo, hi
    if wrap:
        turn = 13 * -(-rules.run_max // 13)
        lo, hi, lowest_from, lowest_to = 1, 2 * turn + 13, turn + 1, turn + 13
    wild_twos = rules.twos is not Twos.NATURAL
    positions = range(lo, hi + 1)
    line = RunLine(
        lo=lo,
        hi=hi,
        lowest_from=lowest_from,
        lowest_to=lowest_to,
        values=tuple(positions),
        offsets=tuple((position - 1) % 13 for position in positions),
        cards=tuple(tuple(suit * 13 + (position - 1) % 13 for position in range(hi + 1)) for suit in range(4)),
        bits=tuple(0 if wild_twos and offset == 1
                   else sum(1 << (position - lo) for position in positions if (position - 1) % 13 == offset)
                   for offset in range(13)),
        windows=tuple(tuple(((1 << length) - 1) << (position - lo) for position in range(lo, hi - length + 2))
                      for length in range(rules.run_max + 1)),
        jokers_of=tuple((J,) * count for count in range(rules.run_max + 1)),
    )
    if len(RUN_LINES) > 64:
        RUN_LINES.clear()
    RUN_LINES[id(rules)] = (rules, line)
    return line


def suit_bits(line: RunLine, counts: list[int], suit: int) -> int:
    """The positions of the line where ``suit`` holds a natural, as bits."""
    return sum(compress(line.bits, counts[suit * 13 : suit * 13 + 13]))


def window_naturals(line: RunLine, bits: int, length: int) -> int:
    """The most naturals (as :func:`suit_bits` gives them) a window of ``length`` places holds.

    A run of ``length`` cards or more lies on the line, so it holds one of
    its naturals in some such window and lacks no more than its wilds in
    every one: a quick reject before looking for runs.
    """
    if length >= len(line.windows):
        return 0
    known = line.most[length]
    found = known.get(bits)
    if found is None:
        found = max(map(int.bit_count, map(bits.__and__, line.windows[length])), default=0)
        if len(known) < _MOST_KNOWN:
            known[bits] = found
    return found


#: :func:`window_naturals` remembers at most this many suits per window length (a line of 14
#: places has 16,384; a line that wraps around has more).
_MOST_KNOWN = 1 << 14


class ScoredRules:
    """The meld rules as the scored candidates read them, with the card points they score by.

    See :func:`scored_runs`, :func:`scored_sets` and :func:`cover_sets`.

    Attributes:
        line: Where the runs lie (:func:`run_line`).
        points: The points of each card, by card index.
        wild_points: What a wild scores.
        capped: Whether wilds may not outnumber a meld's naturals (:attr:`JokerCap.NATURALS`).
        cap: The joker cap, compiled (:class:`~remi.melds.WildCap`).
        fewest_naturals: The fewest naturals a meld holds.
        distinct_suits: Whether a set's suits differ.
    """

    __slots__ = ("cap", "capped", "distinct_suits", "fewest_naturals", "line", "points", "wild_points")

    def __init__(
        self, line: RunLine, points: tuple[int, ...], wild_points: int, cap: WildCap, fewest_naturals: int,
        distinct_suits: bool,
    ) -> None:
        self.line = line
        self.points = points
        self.wild_points = wild_points
        self.cap = cap
        self.capped = cap.capped
        self.fewest_naturals = fewest_naturals
        self.distinct_suits = distinct_suits


def scored_rules(rules: MeldRules, points: tuple[int, ...], wild_points: int) -> ScoredRules:
    """The :class:`ScoredRules` of ``rules`` with these card points."""
    return ScoredRules(run_line(rules), points, wild_points, wild_cap(rules),
                       max(1, rules.min_naturals), rules.set_distinct_suits)


def _kept_naturals(
    cards: list[int], positions: list[int], prefix: list[int], points: tuple[int, ...], first: int, last: int,
    dropped: tuple[int, ...],
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The naturals ``first`` to ``last`` held but the ``dropped`` ones (some): their cards, positions and points."""
    if len(dropped) == 1:  # (the usual drop: one natural, by slices)
        drop = dropped[0]
        return ((*cards[first:drop], *cards[drop + 1 : last + 1]),
                (*positions[first:drop], *positions[drop + 1 : last + 1]),
                prefix[last + 1] - prefix[first] - points[cards[drop]])
    kept = [held for held in range(first, last + 1) if held not in dropped]
    return (tuple([cards[held] for held in kept]), tuple([positions[held] for held in kept]),
            prefix[last + 1] - prefix[first] - sum([points[cards[held]] for held in dropped]))


# A search kernel: one function because its four nested choices (the lowest and the highest natural
# kept, the naturals between them given up to wilds, the wilds added at the ends) each narrow the
# next one's bounds, and the solver asks for every suit's runs at once, so the loops share those
# bounds in locals rather than pass a dozen of them down through calls. (The noqa names the complexity
# budget's rules; RUF100 because the default rule set does not enable them.)
def scored_runs(  # noqa: C901, PLR0912, PLR0915
    terms: ScoredRules, suit: int, row: tuple[int, ...], jokers: int, shortest: int, longest: int, must: int
) -> tuple[Scored, ...]:
    """The runs of ``shortest`` to ``longest`` cards in ``suit`` (``row``: its 13 counts, ace first), scored.

    With ``must >= 0`` only runs holding that natural. A run is its naturals
    (from the lowest, at ``start``, to the highest, at ``end``; naturals in
    between may be left out and replaced by jokers) plus jokers filling the
    gaps and extending the ends. Runs using the same cards are
    interchangeable, so for each choice of naturals and number of jokers
    only the run with the smallest key is kept (jokers extend the high end
    first). Each wild scores ``terms.wild_points``.
    """
    out: list[Scored] = []
    line = terms.line
    points = terms.points
    wild_points = terms.wild_points
    capped = terms.capped
    lo, hi, lowest_from, lowest_to, jokers_of = line.lo, line.hi, line.lowest_from, line.lowest_to, line.jokers_of
    least = terms.fewest_naturals  # the fewest naturals a run keeps
    ends = least if least > 2 else 2  # the fewest naturals left when inner ones give way to jokers
    # the fewest naturals a run of ``shortest`` cards needs (an ace may count twice on the line)
    fewest = max(least, terms.cap.fewest_naturals(shortest) if capped else shortest - jokers)
    suit_start = suit * 13
    positions = list(compress(line.values, map(row.__getitem__, line.offsets)))  # of the naturals held
    held = len(positions)
    if held < fewest:
        return ()
    cards = list(map(line.cards[suit].__getitem__, positions))
    prefix = [0, *accumulate(map(points.__getitem__, cards))]  # the points of the naturals before each
    must_from = must_to = 0
    if must >= 0:
        spots = [position for position, card in zip(positions, cards, strict=True) if card == must]
        must_from, must_to = spots[0], spots[-1]
    # a run from the naturals first..last holds no more than them: at least ``fewest_apart`` apart
    fewest_apart = max(fewest, shortest - jokers) - 1
    for first in range(held - fewest_apart):
        start = positions[first]
        if start < lowest_from:
            continue
        if start > lowest_to or (must >= 0 and start > must_to):
            break
        for last in range(first + fewest_apart, held):
            end = positions[last]
            span = end - start + 1
            if span > longest:
                break
            present = last - first + 1
            gaps = span - present
            if gaps > jokers:
                break
            if must >= 0 and end < must_from:
                continue
            room = start - lo + hi - end
            most_dropped = jokers - gaps if jokers - gaps < present - ends else present - ends
            for dropped in range(most_dropped + 1 if most_dropped > 0 else 1):
                naturals = present - dropped
                inside = span - naturals
                if capped and inside > naturals:  # (WildCap.allows, inline: the kernel's inner loop)
                    break
                most_added = min(jokers - inside, longest - span, room)
                if capped:
                    most_added = min(most_added, naturals - inside)
                fewest_added = shortest - span if shortest > span else 0
                if most_added < fewest_added:
                    continue
                for drop in combinations(range(first + 1, last), dropped) if dropped else ((),):
                    if dropped:
                        kept_cards, kept_positions, natural_points = _kept_naturals(
                            cards, positions, prefix, points, first, last, drop)
                    else:  # (the usual run: every natural from the first to the last)
                        kept_cards = tuple(cards[first : last + 1])
                        kept_positions = tuple(positions[first : last + 1])
                        natural_points = prefix[last + 1] - prefix[first]
                    if must >= 0 and must not in kept_cards:
                        continue
                    if span > 13 and any(row[card - suit_start] < kept_cards.count(card) for card in kept_cards):
                        continue
                    for added in range(most_added, fewest_added - 1, -1):
                        # jokers at the high end first: the fewest at the low end that fit
                        below = added - hi + end if added > hi - end else 0
                        wilds = inside + added
                        key = (suit, start, below - start, end + added - below, *kept_positions)
                        score = (natural_points + wilds * wild_points) * SCORE_WEIGHT + span + added
                        out.append((score, key, kept_cards + jokers_of[wilds]))
    return tuple(out)


def greedy_suits(counts: list[int], rank: int, distinct: bool) -> list[int]:
    """The naturals of ``rank`` in the order a set takes them: from the suits with most copies first.

    Where suits must differ, one per suit; taking from the suits with most
    copies left keeps the most distinct suits for a later set of the rank.
    """
    most = max(counts[rank], counts[rank + 13], counts[rank + 26], counts[rank + 39])
    if distinct:
        return [card for level in range(most, 0, -1) for card in range(rank, J, 13) if counts[card] == level]
    return [card for level in range(most, 0, -1) for card in range(rank, J, 13) if counts[card] >= level]


def scored_sets(terms: ScoredRules, counts: list[int], rank: int, shortest: int, longest: int) -> tuple[Scored, ...]:
    """The sets of ``rank`` of ``shortest`` to ``longest`` cards, best first.

    The naturals come by :func:`greedy_suits`, then the jokers.
    """
    jokers = counts[J]
    held = counts[rank] + counts[rank + 13] + counts[rank + 26] + counts[rank + 39]
    if held + terms.cap.beside(jokers, held) < shortest:
        return ()
    picks = greedy_suits(counts, rank, terms.distinct_suits)
    natural_points = terms.points[rank]
    wild_points = terms.wild_points
    out: list[Scored] = []
    for naturals in range(min(len(picks), longest), terms.fewest_naturals - 1, -1):
        most_wilds = terms.cap.beside(min(jokers, longest - naturals), naturals)
        for wilds in range(most_wilds, max(0, shortest - naturals) - 1, -1):
            score = (naturals * natural_points + wilds * wild_points) * SCORE_WEIGHT + naturals + wilds
            out.append((score, (rank, naturals, wilds), (*picks[:naturals], *(J,) * wilds)))
    return tuple(out)


def cover_sets(terms: ScoredRules, counts: list[int], shortest: int, longest: int, must: int) -> list[Scored]:
    """Every set of ``shortest`` to ``longest`` cards holding the natural ``must``, any choice of suits.

    The all-in cover's sets: which suits a set takes matters there.
    """
    rank, must_suit = must % 13, must // 13
    held = [counts[suit * 13 + rank] for suit in range(4)]
    if terms.distinct_suits:
        held = [min(copies, 1) for copies in held]
    jokers = counts[J]
    wild_points = terms.wild_points
    natural_points = terms.points[rank]
    out: list[Scored] = []
    for taken in product(*(range(copies, -1, -1) for copies in held)):
        naturals = sum(taken)
        if not taken[must_suit] or naturals > longest or naturals < terms.fewest_naturals:
            continue
        cards = tuple(suit * 13 + rank for suit in range(4) for _ in range(taken[suit]))
        most_wilds = terms.cap.beside(min(jokers, longest - naturals), naturals)
        for wilds in range(most_wilds, max(0, shortest - naturals) - 1, -1):
            score = (naturals * natural_points + wilds * wild_points) * SCORE_WEIGHT + naturals + wilds
            out.append((score, (rank, naturals, wilds, *taken), cards + (J,) * wilds))
    return out
