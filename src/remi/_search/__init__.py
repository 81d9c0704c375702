"""Search over card counts (private): melds, lay-downs, the solver's tables and search, the planner.

Candidate melds from count vectors, lay-down generation, the solver's per-variant tables and its branch
and bound, and the greedy bot's planner.

The public faces are :mod:`remi.solver` and :mod:`remi.bots`; the engine's listing uses lay-down generation.
"""
