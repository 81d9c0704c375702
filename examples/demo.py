"""A tour of remi: both built-in variants' contracts, and verdicts on some melds.

Run it with ``python examples/demo.py`` where remi is installed (after
``bash scripts/demo.sh`` or ``bash scripts/check.sh``, that is
``.venv/bin/python examples/demo.py``). It exits with status 1 if
remi's verdict on a worked example from the rules differs from the expected one;
``--quiet`` prints only the outcome (``scripts/check.sh`` runs it so).
"""

from __future__ import annotations

import argparse
import sys

import remi
from remi import MeldKind, MeldProblem, Variant

# (rules clause, variant, kind, cards, valid?) — worked examples NX1–NX4 and EX1.
EXAMPLES: tuple[tuple[str, str, MeldKind, str, bool], ...] = (
    ("NX1", "norwegian", MeldKind.SET, "QS QH QD", True),
    ("NX1", "norwegian", MeldKind.SET, "QS QS QH", True),
    ("NX2", "norwegian", MeldKind.RUN, "7S 8S 9S 10S", True),
    ("NX2", "norwegian", MeldKind.RUN, "7S 8S 9H 10S", False),
    ("NX2", "norwegian", MeldKind.RUN, "7S 8S 9S", False),
    ("NX3", "norwegian", MeldKind.SET, "QS QH JK", True),
    ("NX3", "norwegian", MeldKind.SET, "QS JK JK", False),
    ("NX3", "norwegian", MeldKind.RUN, "7S JK JK 10S", True),
    ("NX3", "norwegian", MeldKind.RUN, "7S JK 9S JK JK", False),
    ("NX4", "norwegian", MeldKind.RUN, "AH 2H 3H 4H", True),
    ("NX4", "norwegian", MeldKind.RUN, "JH QH KH AH", True),
    ("NX4", "norwegian", MeldKind.RUN, "QH KH AH 2H", False),
    ("EX1", "english", MeldKind.SET, "7S 7H 7D", True),
    ("EX1", "english", MeldKind.SET, "7S 7S 7H", False),
)


def contract_table(variant: Variant) -> str:
    """The variant's contracts as a plain-text table, one row per round or level."""
    unit = "round" if variant.match.schedule is remi.Schedule.ROUNDS else "level"
    size = "exactly" if variant.contracts.exact_sizes else "at least"
    rows = [(unit, "contract", f"melds ({size})", "dealt", "notes")]
    for i, contract in enumerate(variant.contracts):
        notes = []
        if variant.contracts.going_out[i] is remi.GoingOut.ALL_IN:
            notes.append("all-in")
        quota = variant.layoff_quota(i)
        if quota is not None:
            notes.append(f"lay-off quota {quota}")
        melds = ", ".join(str(requirement) for requirement in contract.requirements)
        rows.append((str(i + 1), contract.name, melds, str(variant.contracts.deal_sizes[i]), "; ".join(notes)))
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)) for row in rows]
    return "\n".join(line.rstrip() for line in lines)


def describe(variant: Variant) -> str:
    """A short description of a variant: deck, players, contracts."""
    low, high = variant.recommended_players
    return "\n".join(
        [
            f"{variant.title} ({variant.name!r}, rules version {variant.version})",
            f"{len(variant.cards(low))} cards ({variant.deck.for_players(low)[0]} packs + "
            f"{variant.deck.for_players(low)[1]} jokers for {low} players), "
            f"{variant.min_players}-{variant.max_players} players (best {low}-{high})",
            "",
            contract_table(variant),
        ]
    )


def verdict(problems: MeldProblem) -> str:
    """A meld's verdict in words: ``valid`` or the list of its problems."""
    if not problems:
        return "valid"
    return "invalid: " + ", ".join(str(flag.name).lower().replace("_", " ") for flag in problems)


def check_examples(*, quiet: bool = False) -> int:
    """Print remi's verdict on each worked example; return how many disagree with the rules."""
    wrong = 0
    for clause, name, kind, text, expected in EXAMPLES:
        variant = remi.variants.get(name)
        cards = remi.parse_cards(text)
        problems = variant.meld_problems(kind, cards)
        agrees = (not problems) is expected
        wrong += not agrees
        mark = "ok" if agrees else "WRONG"
        shown = remi.format_cards(cards, symbols=True)
        if not (quiet and agrees):
            print(f"  {clause:<4} {name:<10} {kind.value:<4} {shown:<16} {verdict(problems):<40} {mark}")
    return wrong


def main(argv: list[str] | None = None) -> int:
    """Print both variants and the worked examples; 1 if any verdict is wrong."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quiet", action="store_true", help="print only the outcome")
    args = parser.parse_args(argv)
    if not args.quiet:
        print(f"remi {remi.__version__}: variants {', '.join(remi.variants.names())}\n")
        for name in ("norwegian", "english"):
            print(describe(remi.variants.get(name)))
            print()
        print("Worked examples (clause, variant, kind, cards, remi's verdict):")
    wrong = check_examples(quiet=args.quiet)
    if not args.quiet:
        print()
    if wrong:
        print(f"{wrong} verdict(s) disagree with the rules")
        return 1
    print(f"all {len(EXAMPLES)} verdicts agree with the rules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
