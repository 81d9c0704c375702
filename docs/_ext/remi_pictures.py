"""Pictures for remi's documentation, drawn as SVG by this code when the docs are built.

Nothing here is a committed binary: every picture is written to
``docs/_generated/pictures/`` (git-ignored) from a small data description, the
variants' own rule parts, or ``docs/_data/benchmarks.json``, and shown as an
image.

* ``.. remi-picture:: turn-flow``: the flow of a turn and of a deal, from
  :data:`FLOW_NODES` and :data:`FLOW_EDGES`; the buy windows name the variants
  whose ``buying.timing`` puts them there.
* ``.. remi-picture:: rounds norwegian``: a fixed-rounds schedule, one box per
  contract (``variant.contracts``, ``deal_sizes``, ``going_out``).
* ``.. remi-picture:: levels english shanghai-family``: per-player levels, the
  same scripted deals played through each variant's own
  :meth:`remi.Variant.next_levels` (``match.advance``).
* ``.. remi-picture:: bench-play`` / ``bench-solver`` / ``bench-import``: bar
  charts of the recorded benchmark figures.
* ``:cards:`QS QH JK 10D```: small card faces in the text, red ♥ ♦, black ♠ ♣
  and a distinct joker (styled by ``static/remi.css``).
"""

from __future__ import annotations

import itertools
import json
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes  # type: ignore[import-untyped]
from docutils.parsers.rst import directives  # type: ignore[import-untyped]
from docutils.parsers.rst.states import Inliner  # type: ignore[import-untyped]
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util.docutils import SphinxDirective

import remi
import remi.variants
from remi import BuyTiming, GoingOut, Schedule, Variant

STATIC = Path(__file__).parent / "static"
OUT = Path("_generated") / "pictures"
BENCHMARKS = Path("_data") / "benchmarks.json"

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
INK = "#1f2328"
MUTED = "#57606a"
LINE = "#6e7781"
#: Fills by the kind of step: the player on turn, the others (buying), the deal's end.
FILLS = {"turn": "#ddf4ff", "buy": "#fff8c5", "end": "#ffebe9", "start": "#dafbe1"}
STROKES = {"turn": "#0969da", "buy": "#9a6700", "end": "#cf222e", "start": "#1a7f37"}
#: One colour per seat in the levels picture (distinguishable, also in grey scale by marker).
SEAT_COLOURS = ("#0969da", "#cf222e", "#1a7f37", "#8250df")

#: The width every chart is drawn at: the page's text column (furo's is 46em, 736 px), so that a chart is
#: shown at its own size and its smallest text, :data:`SMALLEST` px, is that size on the page.
CHART_W = 720.0
#: The smallest font size of a chart, in px as shown.
SMALLEST = 12


# -- SVG helpers -----------------------------------------------------------------


def _svg(width: float, height: float, body: Iterable[str], title: str) -> str:
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="{FONT}" role="img">',
        f"<title>{escape(title)}</title>",
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" '
        f'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="{LINE}"/></marker></defs>',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#ffffff"/>',
        *body,
        "</svg>",
    ]) + "\n"


def _text(x: float, y: float, text: str, *, size: int = 14, anchor: str = "middle", weight: str = "normal",
          fill: str = INK) -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}">{escape(text)}</text>')


# -- the flow of a turn and a deal ----------------------------------------------------


@dataclass(frozen=True)
class FlowNode:
    """A box of the flow picture: where it sits on the grid, its title and smaller lines under it."""

    key: str
    col: int
    row: int
    title: str
    lines: tuple[str, ...] = ()
    kind: str = "turn"


@dataclass(frozen=True)
class FlowEdge:
    """An arrow from one box to another, with an optional label and bends (grid points) on the way."""

    source: str
    target: str
    label: str = ""
    via: tuple[tuple[float, float], ...] = ()
    label_at: float = 0.5
    label_side: int = 1


def _timing_names(timing: BuyTiming) -> str:
    """The built-in variants (not house configurations) whose buy window has this timing."""
    names = []
    for name in remi.variants.builtins():
        variant = remi.variants.get(name)
        if variant.buying.enabled and variant.buying.timing is timing and "-" not in name:
            names.append(name)
    return ", ".join(names)


def flow_nodes() -> tuple[FlowNode, ...]:
    """The boxes of the turn-and-deal flow; the buy windows name their variants from the rule parts."""
    return (
        FlowNode("begin", 1, 0, "A turn begins", ("the top discard lies face up",), "start"),
        FlowNode("before", 1, 1, "Buy before the draw",
                 (_timing_names(BuyTiming.BEFORE_DRAW), "on turn may take it first"), "buy"),
        FlowNode("take", 0, 2, "Take the discard", ("free; not to be discarded", "again this turn")),
        FlowNode("draw", 2, 2, "Draw from the stock", ("the discard is passed over",)),
        FlowNode("after", 2, 3, "Buy after the draw",
                 (_timing_names(BuyTiming.AFTER_DRAW), "nearest asker buys, + 1 card"), "buy"),
        FlowNode("play", 1, 4, "Play (all optional)", ("go down · lay off", "swap a joker")),
        FlowNode("discard", 1, 5, "Discard", ("one card to the pile",)),
        FlowNode("out", 2, 5, "Hand empty: out", ("the player goes out",), "end"),
        FlowNode("next", 0, 6, "Next player's turn", ("clockwise",)),
        FlowNode("deal_end", 2, 6, "The deal ends", ("cards left in hand are scored",), "end"),
        FlowNode("next_deal", 1, 7, "Next deal", ("next round, or levels move up;", "its first turn begins"),
                 "start"),
        FlowNode("match_end", 2, 7, "The match ends", ("lowest total wins",), "end"),
    )


#: The arrows of the flow picture; ``via`` points are in grid units (column, row).
FLOW_EDGES = (
    FlowEdge("begin", "before", "buy first", label_side=1),
    FlowEdge("begin", "take", via=((0.0, 0.0),)),
    FlowEdge("begin", "draw", via=((2.0, 0.0),)),
    FlowEdge("before", "take", "on turn takes it", label_at=0.45),
    FlowEdge("before", "draw", "not taken", label_at=0.45),
    FlowEdge("take", "play"),
    FlowEdge("draw", "after", "buy after", label_side=-1),
    FlowEdge("draw", "play", "no buyer", via=((1.45, 2.0), (1.45, 3.45)), label_side=-1),
    FlowEdge("after", "play"),
    FlowEdge("play", "discard"),
    FlowEdge("play", "out", "last card laid", label_at=0.5),
    FlowEdge("discard", "out"),
    FlowEdge("discard", "next", "cards left", label_at=0.5),
    FlowEdge("next", "begin", via=((-0.5, 6.0), (-0.5, -0.48), (1.0, -0.48))),
    FlowEdge("out", "deal_end"),
    FlowEdge("deal_end", "next_deal", "more deals", label_at=0.5),
    FlowEdge("deal_end", "match_end", "the last deal", label_side=1),
)

#: The flow's grid, drawn at the page's width (:data:`CHART_W`): three columns of boxes.
COL_W, ROW_H, BOX_W, BOX_H, MARGIN_X, MARGIN_Y = 230.0, 108.0, 214.0, 70.0, 15.0, 58.0


def _grid(col: float, row: float) -> tuple[float, float]:
    return MARGIN_X + COL_W * col + COL_W / 2, MARGIN_Y + ROW_H * row + ROW_H / 2


def _clip(centre: tuple[float, float], toward: tuple[float, float], pad: float = 3.0) -> tuple[float, float]:
    """Where the line from a box's centre toward a point leaves the box."""
    cx, cy = centre
    dx, dy = toward[0] - cx, toward[1] - cy
    if dx == 0 and dy == 0:
        return centre
    scale = min(
        (BOX_W / 2 + pad) / abs(dx) if dx else math.inf,
        (BOX_H / 2 + pad) / abs(dy) if dy else math.inf,
    )
    return cx + dx * scale, cy + dy * scale


def _box(node: FlowNode) -> list[str]:
    x, y = _grid(node.col, node.row)
    out = [f'<rect x="{x - BOX_W / 2:.1f}" y="{y - BOX_H / 2:.1f}" width="{BOX_W:.0f}" height="{BOX_H:.0f}" '
           f'rx="10" fill="{FILLS[node.kind]}" stroke="{STROKES[node.kind]}" stroke-width="1.5"/>']
    lines = [line for line in node.lines if line]
    top = y - (len(lines) * 16) / 2 + 5
    out.append(_text(x, top, node.title, size=15, weight="bold"))
    out += [_text(x, top + 18 + 16 * i, line, size=13, fill=MUTED) for i, line in enumerate(lines)]
    return out


def _edge(edge: FlowEdge, where: dict[str, FlowNode]) -> list[str]:
    source, target = where[edge.source], where[edge.target]
    start_c, end_c = _grid(source.col, source.row), _grid(target.col, target.row)
    bends = [_grid(c, r) for c, r in edge.via]
    start = _clip(start_c, bends[0] if bends else end_c)
    end = _clip(end_c, bends[-1] if bends else start_c)
    points = [start, *bends, end]
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    out = [f'<polyline points="{path}" fill="none" stroke="{LINE}" stroke-width="1.6" '
           'marker-end="url(#arrow)"/>']
    if edge.label:
        # The label goes on the longest segment.
        (x0, y0), (x1, y1) = max(itertools.pairwise(points),
                                 key=lambda seg: math.dist(seg[0], seg[1]))
        x, y = x0 + (x1 - x0) * edge.label_at, y0 + (y1 - y0) * edge.label_at
        width = 7.2 * len(edge.label) + 10
        # Beside a vertical segment, the label stands to one side; above a horizontal one; elsewhere
        # it sits on the line.
        if abs(x1 - x0) < 1:
            x += edge.label_side * (width / 2 + 6)
        elif abs(y1 - y0) < 1:
            y -= 14
        out.append(f'<rect x="{x - width / 2:.1f}" y="{y - 10:.1f}" width="{width:.1f}" height="18" rx="4" '
                   'fill="#ffffff" fill-opacity="0.92"/>')
        out.append(_text(x, y + 4, edge.label, size=SMALLEST, fill=MUTED))
    return out


def turn_flow_svg() -> str:
    """The flow of a turn and of a deal: draw, the buy windows, play, discard, going out, the deal's end."""
    flow = flow_nodes()
    where = {node.key: node for node in flow}
    width = MARGIN_X * 2 + COL_W * 3
    height = MARGIN_Y + ROW_H * 8 + 52
    body = [_text(width / 2, 28, "A turn, and a deal", size=18, weight="bold")]
    for edge in FLOW_EDGES:
        body += _edge(edge, where)
    for node in flow:
        body += _box(node)
    legend = [("start", "a turn or a deal begins"), ("turn", "the player on turn"),
              ("buy", "the other players"), ("end", "going out, scoring")]
    for i, (kind, text) in enumerate(legend):  # two a line
        x = MARGIN_X + 20 + (i % 2) * 340
        y = height - 45 + (i // 2) * 22
        body.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="18" height="14" rx="3" '
                    f'fill="{FILLS[kind]}" stroke="{STROKES[kind]}"/>')
        body.append(_text(x + 26, y + 12, text, size=13, anchor="start", fill=MUTED))
    return _svg(width, height + 4, body, "The flow of a turn and of a deal")


# -- schedules ---------------------------------------------------------------------


GOING_OUT_SHORT = {
    GoingOut.DISCARD_OPTIONAL: "out: any last card",
    GoingOut.DISCARD_REQUIRED: "out: final discard",
    GoingOut.ALL_IN: "all-in, no discard",
}


def rounds_svg(variant: Variant) -> str:
    """A fixed-rounds schedule: one row per deal, in order, with its contract, deal size and going out."""
    contracts = variant.contracts
    count = len(contracts)
    left, row_h, gap, top = 40.0, 34.0, 8.0, 50.0
    title = f"{variant.title}: {count} rounds, everybody plays the same contract"
    body = [_text(CHART_W / 2, 28, title, size=16, weight="bold")]
    bottom = top + count * (row_h + gap)
    body.append(f'<line x1="{left - 18:.0f}" y1="{top:.0f}" x2="{left - 18:.0f}" y2="{bottom:.0f}" '
                f'stroke="{LINE}" stroke-width="2" marker-end="url(#arrow)"/>')
    for i, contract in enumerate(contracts):
        y = top + i * (row_h + gap)
        kind = "end" if contracts.going_out[i] is GoingOut.ALL_IN else "turn"
        body.append(f'<rect x="{left:.0f}" y="{y:.1f}" width="{CHART_W - 2 * left:.0f}" height="{row_h:.0f}" '
                    f'rx="8" fill="{FILLS[kind]}" stroke="{STROKES[kind]}" stroke-width="1.5"/>')
        body.append(f'<circle cx="{left - 18:.0f}" cy="{y + row_h / 2:.1f}" r="5" fill="{STROKES[kind]}"/>')
        base = y + row_h / 2 + 5
        body.append(_text(left + 16, base, f"Round {i + 1}", size=13, anchor="start", fill=MUTED))
        body.append(_text(left + 120, base, contract.name, size=16, anchor="start", weight="bold"))
        body.append(_text(left + 260, base, f"{contracts.deal_sizes[i]} cards dealt", size=13, anchor="start",
                          fill=MUTED))
        body.append(_text(left + 420, base, GOING_OUT_SHORT[contracts.going_out[i]], size=13, anchor="start",
                          fill=MUTED))
    body.append(_text(CHART_W / 2, bottom + 18, "the match: the lowest total after the last round wins",
                      size=13, fill=MUTED))
    return _svg(CHART_W, bottom + 30, body, title)


#: The deals the levels picture plays: who went out, and who went down, for three seats.
LEVEL_SCRIPT: tuple[tuple[int, tuple[bool, ...]], ...] = (
    (0, (True, True, False)),
    (1, (True, True, True)),
    (0, (True, False, True)),
    (2, (False, True, True)),
    (0, (True, True, False)),
    (1, (True, True, True)),
)
SEATS = ("Ann", "Bo", "Cy")


def levels_run(variant: Variant) -> list[tuple[int, ...]]:
    """The levels before each scripted deal and after the last, through the variant's own rule."""
    levels = (1,) * len(SEATS)
    history = [levels]
    for winner, went_down in LEVEL_SCRIPT:
        levels, _finished = variant.next_levels(levels, winner=winner, went_down=went_down)
        history.append(levels)
    return history


def _script_lines() -> list[str]:
    """The levels picture's deals in words, three a line: ``1: Ann out, Ann+Bo down; …``."""
    said = [f"{i + 1}: {SEATS[w]} out, " + "+".join(SEATS[s] for s, d in enumerate(down) if d) + " down"
            for i, (w, down) in enumerate(LEVEL_SCRIPT)]
    return ["; ".join(said[i:i + 3]) for i in range(0, len(said), 3)]


def _levels_panel(variant: Variant, top: float) -> list[str]:
    """One variant's panel of the levels picture: a level per row, a line per seat, its name at the end."""
    deals = len(LEVEL_SCRIPT)
    left, panel_w, panel_h = 170.0, 470.0, 240.0
    top_level = 1 + deals
    rule = ("only the deal's winner moves up" if variant.match.advance is remi.Advance.WINNER
            else "everybody who went down moves up")
    body = [_text(CHART_W / 2, top, f"{variant.name}: {rule}", size=15, weight="bold")]
    top += 22
    step_y = panel_h / (top_level - 1)
    for level in range(1, top_level + 1):
        y = top + panel_h - (level - 1) * step_y
        body.append(f'<line x1="{left:.1f}" y1="{y:.1f}" x2="{left + panel_w:.1f}" y2="{y:.1f}" '
                    'stroke="#d0d7de" stroke-width="1"/>')
        label = variant.contracts[level - 1].name if level <= len(variant.contracts) else ""
        body.append(_text(left - 10, y + 4, f"{level}  {label}", size=SMALLEST, anchor="end", fill=MUTED))
    step_x = panel_w / deals
    for d in range(deals + 1):
        body.append(_text(left + d * step_x, top + panel_h + 30, "start" if d == 0 else str(d), size=SMALLEST,
                          fill=MUTED))
    body.append(_text(left + panel_w / 2, top + panel_h + 48, "after deal", size=SMALLEST, fill=MUTED))
    ends: list[tuple[float, int]] = []
    for seat in range(len(SEATS)):
        # Seats on the same level are drawn a third of a row apart, so that no line hides another.
        offset = (seat - 1) * step_y / 3.5
        points = [(left + d * step_x, top + panel_h - (levels[seat] - 1) * step_y + offset)
                  for d, levels in enumerate(levels_run(variant))]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        colour = SEAT_COLOURS[seat]
        body.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5"/>')
        body += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{colour}"/>' for x, y in points]
        ends.append((points[-1][1], seat))
    last_y = -math.inf
    for y, seat in sorted(ends):  # the names at the lines' ends, pushed apart where lines end close
        last_y = max(y, last_y + 16)
        body.append(_text(left + panel_w + 12, last_y + 5, SEATS[seat], size=13, anchor="start",
                          fill=SEAT_COLOURS[seat], weight="bold"))
    return body


def levels_svg(variants: Sequence[Variant]) -> str:
    """Per-player levels: the same deals in each variant, each seat's level after every deal, one panel a row."""
    title = "Per-player levels: the same six deals, two ways of moving up"
    body = [_text(CHART_W / 2, 26, title, size=16, weight="bold")]
    lines = _script_lines()
    body += [_text(CHART_W / 2, 48 + 17 * i, f"deals {line}" if i == 0 else line, size=SMALLEST, fill=MUTED)
             for i, line in enumerate(lines)]
    top = 48 + 17 * len(lines) + 20
    panel_h = 22 + 240 + 56
    for p, variant in enumerate(variants):
        body += _levels_panel(variant, top + p * (panel_h + 14))
    return _svg(CHART_W, top + len(variants) * (panel_h + 14), body, title)


# -- benchmark charts ---------------------------------------------------------------


def load_benchmarks(srcdir: Path) -> dict[str, Any]:
    """The recorded benchmark figures, ``docs/_data/benchmarks.json``."""
    data: dict[str, Any] = json.loads((srcdir / BENCHMARKS).read_text(encoding="utf-8"))
    return data


@dataclass(frozen=True)
class Bar:
    """One bar of a chart: its label, its value, and the target it is measured against (if any)."""

    label: str
    value: float
    target: float | None = None


def _bar_rows(bars: Sequence[Bar], unit: str, top: float, label_w: float, chart_w: float,
              peak: float) -> list[str]:
    """The bars, each with its value at its end and its target as a dashed mark across it."""
    bar_h, gap = 20.0, 12.0
    body = []
    for r, bar in enumerate(bars):
        y = top + r * (bar_h + gap)
        w = chart_w * bar.value / peak
        body.append(_text(label_w - 10, y + bar_h - 5, bar.label, size=13, anchor="end"))
        body.append(f'<rect x="{label_w:.0f}" y="{y:.1f}" width="{max(w, 1):.1f}" height="{bar_h:.0f}" '
                    'fill="#0969da"/>')
        value = f"{bar.value:,.4g}{unit}"
        at = label_w + w + 6
        if bar.target is not None:
            x = label_w + chart_w * bar.target / peak
            if at - 10 <= x <= at + 8 * len(value):  # the value written past the target's mark, not across it
                at = x + 6
            body.append(f'<line x1="{x:.1f}" y1="{y - 4:.1f}" x2="{x:.1f}" y2="{y + bar_h + 4:.1f}" '
                        'stroke="#cf222e" stroke-width="2" stroke-dasharray="4 3"/>')
        body.append(_text(at, y + bar_h - 5, value, size=SMALLEST, anchor="start", fill=INK))
    return body


def bar_chart(title: str, bars: Sequence[Bar], unit: str, *, note: str = "", targets_said: str = "") -> str:
    """Horizontal bars, the value written at each bar's end and each bar's target a red dashed mark.

    ``targets_said`` replaces the legend's list of the targets (``targets: 300x, 1,000x``).
    """
    label_w, right = 260.0, 70.0
    chart_w = CHART_W - label_w - right
    top = 62.0 if note else 44.0
    peak = max([bar.value for bar in bars] + [bar.target or 0.0 for bar in bars]) or 1.0
    body = [_text(CHART_W / 2, 24, title, size=16, weight="bold")]
    if note:
        body.append(_text(CHART_W / 2, 44, note, size=SMALLEST, fill=MUTED))
    body += _bar_rows(bars, unit, top, label_w, chart_w, peak)
    bottom = top + 32.0 * len(bars)
    body.append(f'<line x1="{label_w:.0f}" y1="{top - 6:.0f}" x2="{label_w:.0f}" y2="{bottom - 6:.0f}" '
                f'stroke="{LINE}"/>')
    targets = sorted({bar.target for bar in bars if bar.target is not None})
    if targets:
        legend = targets_said or ("target" if len(targets) == 1 else "targets") + ": " + ", ".join(
            f"{target:,.4g}{unit}" for target in targets)
        body.append(f'<line x1="{label_w:.0f}" y1="{bottom + 8:.0f}" x2="{label_w + 18:.0f}" y2="{bottom + 8:.0f}" '
                    'stroke="#cf222e" stroke-width="2" stroke-dasharray="4 3"/>')
        body.append(_text(label_w + 24, bottom + 12, f"{legend} (the dashed mark on each bar)", size=SMALLEST,
                          anchor="start", fill="#cf222e"))
        bottom += 22
    return _svg(CHART_W, bottom + 8, body, title)


#: The solver's target over the naive search, by variant (benchmarks.rst: 1000x, English's 300x).
SOLVER_TARGETS = {"norwegian": 1000.0, "english": 300.0}
#: Random play's target over python-chess.
PLAY_TARGET = 3.0
#: ``import remi``'s target: at most this many times ``import chess``.
IMPORT_TARGET = 1.25


def _cards_said(category: str) -> str:
    """A solver category as a label: ``r7 all-in planted, 12`` says ``12 cards``."""
    return f"{category} cards" if re.search(r", \d+$", category) else category


def bench_svg(kind: str, data: dict[str, Any]) -> str:
    """One chart of the recorded figures: ``bench-play``, ``bench-solver`` or ``bench-import``."""
    note = f"recorded {data['recorded']}: docs/_data/benchmarks.json"
    if kind == "bench-play":
        bars = [Bar(f"{row['variant']}, {row['players']} players ({row['style']})", row["ratio"], PLAY_TARGET)
                for row in data["play"]]
        return bar_chart("Random play: remi actions/s over python-chess plies/s", bars, "x", note=note)
    if kind == "bench-solver":
        bars = [Bar(f"{row['variant']}: {_cards_said(row['category'])}", row["speedup"],
                    SOLVER_TARGETS.get(row["variant"])) for row in data["solver"]]
        return bar_chart("The contract solver over a naive search (hands/s)", bars, "x", note=note)
    figures = data["import"]
    bars = [Bar("import remi", figures["remi_ms"], IMPORT_TARGET * figures["chess_ms"]),
            Bar("import chess", figures["chess_ms"])]
    return bar_chart("Import time (CPU)", bars, " ms", note=note,
                     targets_said=f"target: import remi at most {IMPORT_TARGET:g}x import chess")


# -- the directive and the role -------------------------------------------------------


class PictureDirective(SphinxDirective):
    """``.. remi-picture:: KIND [VARIANT ...]``: draw a picture as SVG and show it as an image."""

    required_arguments = 1
    optional_arguments = 3
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"alt": directives.unchanged, "width": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        """Write the SVG into ``_generated/pictures`` and return the image node."""
        kind, names = self.arguments[0], self.arguments[1:]
        srcdir = Path(self.env.srcdir)
        try:
            variants = [remi.variants.get(name) for name in names]
        except remi.VariantError as error:
            raise self.error(str(error)) from None
        if kind == "turn-flow":
            svg, alt = turn_flow_svg(), "The flow of a turn and of a deal"
        elif kind == "rounds" and len(variants) == 1 and variants[0].match.schedule is Schedule.ROUNDS:
            svg, alt = rounds_svg(variants[0]), f"The {len(variants[0].contracts)} rounds of {names[0]}"
        elif kind == "levels" and variants and all(v.match.schedule is Schedule.LEVELS for v in variants):
            svg, alt = levels_svg(variants), "Per-player levels in " + " and ".join(names)
        elif kind in ("bench-play", "bench-solver", "bench-import") and not variants:
            self.env.note_dependency(str(srcdir / BENCHMARKS))
            svg, alt = bench_svg(kind, load_benchmarks(srcdir)), "Benchmark figures: " + kind
        else:
            raise self.error(f"unknown picture {' '.join(self.arguments)!r}: turn-flow, rounds VARIANT "
                             "(a rounds variant), levels VARIANT... (levels variants), bench-play, "
                             "bench-solver, bench-import")
        stem = "-".join([kind, *names])
        path = srcdir / OUT / f"{stem}.svg"
        if not path.exists() or path.read_text(encoding="utf-8") != svg:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(svg, encoding="utf-8")
        image = nodes.image(uri=f"/{OUT.as_posix()}/{stem}.svg", alt=self.options.get("alt", alt),
                            classes=["remi-picture"])
        if "width" in self.options:
            image["width"] = self.options["width"]
        self.add_name(image)
        return [image]


class RecordedDirective(SphinxDirective):
    """``.. remi-benchmarks-recorded::``: when, where and how the charted figures were measured."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        """A paragraph from the ``recorded``, ``machine`` and ``command`` of the data file."""
        srcdir = Path(self.env.srcdir)
        self.env.note_dependency(str(srcdir / BENCHMARKS))
        data = load_benchmarks(srcdir)
        paragraph = nodes.paragraph()
        paragraph += nodes.Text(f"Recorded {data['recorded']} on {data['machine']}, with: ")
        paragraph += nodes.literal(data["command"], data["command"])
        paragraph += nodes.Text(".")
        return [paragraph]


def cards_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, Any] | None = None,
    content: Sequence[str] = (),
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """``:cards:`QS QH JK 10D```: small card faces, red hearts and diamonds, black spades and clubs."""
    try:
        cards = remi.parse_cards(text)
    except remi.NotationError as error:
        message = inliner.reporter.error(f"cards: {error}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    group = nodes.inline(rawtext, "", classes=["remi-cards"])
    for i, card in enumerate(cards):
        if i:
            group += nodes.Text(" ")
        if card.is_joker:
            group += nodes.inline("JK", "JK", classes=["remi-card", "remi-joker"])
            continue
        colour = "remi-red" if card.suit in (remi.Suit.HEARTS, remi.Suit.DIAMONDS) else "remi-black"
        symbol = card.symbol.removesuffix("†")  # a dead 2 (S15) keeps its mark after the suit
        rank, suit = symbol[:-1], symbol[-1]
        face = nodes.inline(card.symbol, "", classes=["remi-card", colour])
        face += nodes.Text(rank)
        face += nodes.inline(suit, suit, classes=["remi-suit"])
        if card.is_dead:
            face += nodes.Text("†")
        group += face
    return [group], []


def add_static_path(app: Sphinx, config: Config) -> None:
    """Serve ``docs/_ext/static`` (the cards' stylesheet) with the HTML pages."""
    config.html_static_path.append(str(STATIC))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the picture directive, the cards role and their stylesheet."""
    app.add_directive("remi-picture", PictureDirective)
    app.add_directive("remi-benchmarks-recorded", RecordedDirective)
    app.add_role("cards", cards_role)
    app.connect("config-inited", add_static_path)
    app.add_css_file("remi.css")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}

