"""The search bot's strength against the greedy bot, and its time per decision (not a CI test: CPU-minutes).

What it measures, per variant, with the search bot at seat 0 and the greedy
bot at seat 1 (the first dealer drawn from each match's seed, so neither seat
is favoured):

* **deals**: ``remi.simulate(variant, 2, [bot, "greedy"], games, seed=seed,
  max_deals=1)``; the share of the deals the search bot won by going out, with
  its 95% Wilson interval (a deal that ends with no winner counts as not won);
* **matches** (with ``--matches N``): ``N`` whole matches, the share the search
  bot won (a shared win counts as its fraction), with its 95% interval;
* **baseline**: the same matches with the greedy bot at seat 0 as well: the
  deals seat 0 wins by the luck of these deals alone;
* **time**: the wall time and the CPU time (this process's, less sensitive
  to other load on the machine) of the search bot's decisions per decision
  (the greedy bot's are not counted), and its rollouts per decision, a
  measure of the work done that does not depend on the machine or its load.

With ``--budgets 8,16,48,...`` it measures the deal share at each budget
(rollouts per decision) and writes a strength-against-budget plot as a small
SVG, drawn by hand (no plotting library needed).

Run:  python benchmarks/bench_search_bot.py [--variant norwegian --variant english] [--games 60] [--seed 1]
      python benchmarks/bench_search_bot.py --matches 20 --games 0 --variant norwegian
      python benchmarks/bench_search_bot.py --budgets 4,16,64 --games 60 --svg docs/_data/search_strength.svg
      python benchmarks/bench_search_bot.py --plot-from run1.json run2.json --svg docs/_data/search_strength.svg
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import sys
import time
from collections.abc import Sequence
from typing import Any

import remi
from remi.actions import Action
from remi.bots import GreedyBot, bot_names, register_bot
from remi.search_bot import DEFAULT_ITERATIONS, SearchBot
from remi.state import PlayerView

#: z for a two-sided 95% interval.
Z95 = 1.959964


class _Clock:
    """The search bot's decisions, timed: every ``SearchBot.choose`` call in this process."""

    seconds = 0.0
    cpu_seconds = 0.0
    decisions = 0
    rollouts = 0


def _timed_choose(self: SearchBot, view: PlayerView, legal: Sequence[Action]) -> Action:
    """``SearchBot.choose``, timed into :class:`_Clock`."""
    start = time.perf_counter()
    cpu_start = time.process_time()
    before = self.rollouts
    try:
        return _UNTIMED_CHOOSE(self, view, legal)
    finally:
        _Clock.seconds += time.perf_counter() - start
        _Clock.cpu_seconds += time.process_time() - cpu_start
        _Clock.decisions += 1
        _Clock.rollouts += self.rollouts - before


_UNTIMED_CHOOSE = SearchBot.choose
SearchBot.choose = _timed_choose  # type: ignore[method-assign]


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    denominator = 1 + Z95**2 / trials
    centre = (share + Z95**2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(share * (1 - share) / trials + Z95**2 / (4 * trials**2)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def bot_with_budget(iterations: int) -> str:
    """The registered name of a search bot with ``iterations`` rollouts a decision (registered on first use)."""
    if iterations == DEFAULT_ITERATIONS:
        return "search"
    name = f"search@{iterations}"
    if name not in bot_names():
        register_bot(name, functools.partial(SearchBot, policy=GreedyBot, iterations=iterations))
    return name


def _progress(start: float, variant: str, bot: str, done: int, games: int) -> None:
    """A progress line on standard error every five matches."""
    if done % 5 == 0 or done == games:
        print(f"  {variant} {bot}: {done}/{games} matches, {time.perf_counter() - start:.0f} s, "
              f"{_Clock.seconds / max(1, _Clock.decisions) * 1000:.0f} ms a search decision", file=sys.stderr,
              flush=True)


def measure(variant: str, bot: str, games: int, seed: int, max_deals: int | None) -> dict[str, Any]:
    """Play ``games`` matches of ``bot`` against greedy; the search bot's share of deals and matches won, timed."""
    _Clock.seconds, _Clock.cpu_seconds, _Clock.decisions, _Clock.rollouts = 0.0, 0.0, 0, 0
    start = time.perf_counter()
    stats = remi.simulate(variant, 2, [bot, "greedy"], games, seed=seed, max_deals=max_deals,
                          progress=functools.partial(_progress, start, variant, bot))
    elapsed = time.perf_counter() - start
    mine = stats.bot(bot)
    # the same matches with greedy at seat 0 too: what seat 0 wins by the luck of these deals alone
    baseline = remi.simulate(variant, 2, ["greedy", "greedy"], games, seed=seed, max_deals=max_deals).seats[0]
    deals_low, deals_high = wilson(mine.deals_won, stats.deals)
    matches_low, matches_high = wilson(mine.wins, games)
    return {
        "variant": variant, "bot": bot, "games": games, "seed": seed, "max_deals": max_deals,
        "deals": stats.deals, "deals_won": mine.deals_won, "deals_won_by_greedy": stats.bot("greedy").deals_won,
        "deals_exhausted": stats.deals_exhausted,
        "deal_share": mine.deals_won / stats.deals, "deal_interval": [deals_low, deals_high],
        "matches_won": mine.wins, "match_share": mine.wins / games, "match_interval": [matches_low, matches_high],
        "greedy_at_seat_0_deals_won": baseline.deals_won, "greedy_at_seat_0_matches_won": baseline.wins,
        "seconds": elapsed, "decisions": _Clock.decisions,
        "seconds_per_decision": _Clock.seconds / max(1, _Clock.decisions),
        "cpu_seconds_per_decision": _Clock.cpu_seconds / max(1, _Clock.decisions),
        "rollouts_per_decision": _Clock.rollouts / max(1, _Clock.decisions),
        "actions": stats.actions,
    }


def show(result: dict[str, Any]) -> None:
    """Print one measurement on one line."""
    low, high = result["deal_interval"]
    print(f"{result['variant']:10} {result['bot']:14} {result['games']:3} x max_deals={result['max_deals']}: "
          f"deals won {result['deals_won']}/{result['deals']} = {result['deal_share']:.1%} "
          f"(95% {low:.1%} to {high:.1%}; greedy {result['deals_won_by_greedy']}, "
          f"no winner {result['deals_exhausted']}; greedy at seat 0 instead won "
          f"{result['greedy_at_seat_0_deals_won']}); matches won {result['matches_won']:g}/{result['games']} = "
          f"{result['match_share']:.1%} ({result['match_interval'][0]:.1%} to {result['match_interval'][1]:.1%}); "
          f"{result['seconds_per_decision'] * 1000:.0f} ms (CPU {result['cpu_seconds_per_decision'] * 1000:.0f} ms) "
          f"and {result['rollouts_per_decision']:.1f} rollouts "
          f"per search decision ({result['decisions']} decisions)", flush=True)


def svg_plot(points: dict[str, list[tuple[int, float, float, float]]]) -> str:
    """A strength-against-budget plot: per variant, the deal share (with its interval) at each budget, log x."""
    width, height, left, right, top, bottom = 560, 320, 60, 20, 20, 50
    budgets = sorted({budget for series in points.values() for budget, *_ in series})
    low_x, high_x = math.log(budgets[0]), math.log(budgets[-1])
    span = (high_x - low_x) or 1.0

    def x(budget: float) -> float:
        return left + 30 + (math.log(budget) - low_x) / span * (width - left - right - 60)

    def y(share: float) -> float:
        return top + (1 - share) * (height - top - bottom)

    colours = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>']
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(share):.1f}" y2="{y(share):.1f}" '
                     f'stroke="#ddd"/><text x="{left - 6}" y="{y(share) + 4:.1f}" text-anchor="end">'
                     f'{share:.0%}</text>')
    parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(0.5):.1f}" y2="{y(0.5):.1f}" stroke="#888"/>'
                 f'<text x="{width - right - 4}" y="{y(0.5) - 4:.1f}" text-anchor="end" fill="#666">even</text>')
    parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(0.65):.1f}" y2="{y(0.65):.1f}" stroke="#888" '
                 f'stroke-dasharray="4 3"/><text x="{width - right - 4}" y="{y(0.65) - 4:.1f}" text-anchor="end" '
                 'fill="#666">aim: 65%</text>')
    for budget in budgets:
        parts.append(f'<text x="{x(budget):.1f}" y="{height - bottom + 16}" text-anchor="middle">{budget}</text>')
    parts.append(f'<text x="{(left + width - right) / 2:.0f}" y="{height - 8}" text-anchor="middle">'
                 'rollouts per decision (log scale)</text>')
    parts.append(f'<text x="14" y="{(top + height - bottom) / 2:.0f}" text-anchor="middle" '
                 f'transform="rotate(-90 14 {(top + height - bottom) / 2:.0f})">deals won against greedy</text>')
    for index, (variant, series) in enumerate(sorted(points.items())):
        colour = colours[index % len(colours)]
        line = " ".join(f"{x(budget):.1f},{y(share):.1f}" for budget, share, _, _ in sorted(series))
        parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for budget, share, low, high in series:
            parts.append(f'<line x1="{x(budget):.1f}" x2="{x(budget):.1f}" y1="{y(low):.1f}" y2="{y(high):.1f}" '
                         f'stroke="{colour}"/><circle cx="{x(budget):.1f}" cy="{y(share):.1f}" r="3" '
                         f'fill="{colour}"/>')
        parts.append(f'<text x="{left + 10}" y="{top + 14 + 16 * index}" fill="{colour}">{variant}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def budget_of(bot: str) -> int:
    """The rollouts per decision of a bot name :func:`bot_with_budget` gave."""
    return DEFAULT_ITERATIONS if bot == "search" else int(bot.partition("@")[2])


def recorded_points(paths: Sequence[str]) -> dict[str, list[tuple[int, float, float, float]]]:
    """Per variant, (budget, deal share, interval) of every one-deal measurement in the JSON files ``paths``."""
    points: dict[str, list[tuple[int, float, float, float]]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as recorded:
            for result in json.load(recorded):
                if result["max_deals"] == 1:
                    points.setdefault(result["variant"], []).append(
                        (budget_of(result["bot"]), result["deal_share"], *result["deal_interval"]))
    return points


def main() -> None:
    """Parse the arguments, measure, print (and write the JSON and the plot if asked)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", action="append", help="a variant (repeatable; default norwegian and english)")
    parser.add_argument("--games", type=int, default=60, help="one-deal matches per variant (default 60)")
    parser.add_argument("--matches", type=int, default=0, help="whole matches per variant (default 0: none)")
    parser.add_argument("--seed", type=int, default=1, help="the simulations' seed (default 1)")
    parser.add_argument("--budgets", help="comma-separated rollouts per decision, for the strength plot")
    parser.add_argument("--svg", help="where to write the plot (with --budgets)")
    parser.add_argument("--json", help="where to write every measurement as JSON")
    parser.add_argument("--plot-from", nargs="+", metavar="JSON",
                        help="measure nothing: write the plot (--svg) from the deal shares of earlier --json files")
    args = parser.parse_args()
    if args.plot_from:
        with open(args.svg, "w", encoding="utf-8") as out:
            out.write(svg_plot(recorded_points(args.plot_from)))
        return
    variants = args.variant or ["norwegian", "english"]
    budgets = [int(text) for text in args.budgets.split(",")] if args.budgets else [DEFAULT_ITERATIONS]
    results = []
    points: dict[str, list[tuple[int, float, float, float]]] = {}
    for variant in variants:
        for budget in budgets:
            bot = bot_with_budget(budget)
            if args.games:
                result = measure(variant, bot, args.games, args.seed, 1)
                show(result)
                results.append(result)
                points.setdefault(variant, []).append((budget, result["deal_share"], *result["deal_interval"]))
            if args.matches:
                result = measure(variant, bot, args.matches, args.seed, None)
                show(result)
                results.append(result)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=1)
    if args.svg and points:
        with open(args.svg, "w", encoding="utf-8") as out:
            out.write(svg_plot(points))


if __name__ == "__main__":
    main()
