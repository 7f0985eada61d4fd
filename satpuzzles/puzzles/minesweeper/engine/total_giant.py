"""A ``mines N`` total on a board whose counting leaves one component out: its cells settled by that component alone.

The whole-board flip search moves mines between far-apart parts of the board through one constraint over
every cell, which CDCL does slowly (random 60x60 and 100x100 boards with a low reveal, where one component
percolates: 20-70 s). Yet when every other component is counted (its fewest and most mines exact), the
totals the rest can make up are often an interval that the totals they are known to reach (each counted
component at its fewest or at its most, the cells no count sees any number) already fill. Then the big
component's layouts under the board's total are exactly its layouts with p to q mines, and its forced cells
are those no such layout flips: a flip search over its counts alone, with p and q as two cardinality
constraints. The rest keeps every layout (as total_bounds.unbound decides) when the totals the big component took
in those models complete each of theirs. Anything else (a conflict budget run out, a gap, a bound that cuts
a counted component) is left to the whole-board search.
"""

from __future__ import annotations

import numpy as np

from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.engine.structure import Structure
from satpuzzles.puzzles.minesweeper.engine.total_bounds import exact_span, unbound
from satpuzzles.solve.backbone import flip_search
from satpuzzles.solve.limited import LimitedBackend, SearchLimit

GIANT_CONFLICTS = 20_000
"""Conflicts each SAT call over the big component may take before the whole-board search is left to decide:
where the bounds cut its natural totals, CDCL struggles to meet them (a 2,589-cell component asked for 950
mines, where its models hold about 870, ran past 100 s)."""


def forced_beside_one_giant(counts: engine.OpenCounts, shape: Structure, bounds: tuple[np.ndarray, np.ndarray, np.ndarray],
                            remaining: int, free: int, values: np.ndarray, open_vars: np.ndarray,
                            solver_name: str) -> tuple[np.ndarray, int] | None:
    """The variables forced under the total beyond those forced without it, and the SAT calls made; None when
    this method cannot decide (see the module).

    ``bounds``: each component's fewest and most mines and whether it was counted (counting.extremes, partial);
    ``remaining``: the mines the unknown cells hold; ``free``: the cells no count sees; ``values``: a layout under
    the total, by variable; ``open_vars``: the variables undetermined without the total.
    """
    low, high, counted = bounds
    if int((~counted).sum()) != 1 or (low[counted] > high[counted]).any():
        return None
    giant = int(np.flatnonzero(~counted)[0])
    var_comp = np.r_[-1, shape.class_comp[shape.var_class[1:]]]
    giant_vars = np.flatnonzero(var_comp == giant)
    span = exact_span(low[counted], high[counted], remaining, free, len(giant_vars))
    if span is None:
        return None
    fewest, most = span
    seen: set[int] = set()
    calls = 0
    with LimitedBackend(GIANT_CONFLICTS, solver_name) as backend:
        rows = np.flatnonzero(shape.count_comp == giant)
        engine.add_counts(backend, counts.lits[rows], counts.need[rows])
        if fewest > 0:
            backend.add_atmost((-giant_vars).tolist(), len(giant_vars) - fewest)
        if most < len(giant_vars):
            backend.add_atmost(giant_vars.tolist(), most)

        def took(model: list[int]) -> None:
            seen.add(int((np.asarray(model)[giant_vars - 1] > 0).sum()))

        frontier = open_vars[open_vars < len(var_comp)]  # the cells no count sees are numbered after
        candidates = frontier[var_comp[frontier] == giant]
        try:
            stuck, calls = flip_search(backend, np.where(values[candidates], -candidates, candidates).tolist(),
                                       on_model=took)
        except SearchLimit:
            return None
    seen.add(int(values[giant_vars].sum()))  # the layout under the total
    low, high = low.copy(), high.copy()
    low[giant], high[giant] = min(seen), max(seen)
    if not unbound(low, high, remaining, free):
        return None
    return np.abs(np.fromiter(stuck, dtype=np.int64, count=len(stuck))), calls
