"""Bounds on the mines of a component too wide to count, from bands of its counts, each counted exactly.

Counts three or more rows apart share no cell. Dropping the counts of two rows out of every ``height``
leaves bands whose cells are disjoint, each narrow enough to count (counting.extremes): every layout of the
component meets each band's counts, so it holds at least the sum of the bands' fewest mines, and at most
the sum of their most plus the cells no kept count sees. Bands by rows and by columns at a few offsets,
the tightest bound kept; taller bands drop fewer counts and bound tighter, at a higher cost.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from satpuzzles.puzzles.minesweeper.engine import counting, structure
from satpuzzles.puzzles.minesweeper.engine import propagate as engine

HEIGHTS = (5, 10, 20, 40)
"""Band heights tried in turn (the first, cheap, sets the pace for the others). A 100x100 board's percolating component (2,589 cells, 804 to 1,063 mines by
the full counting: 27 s, 1 GB) bounded below by 733 (10 rows, 0.2 s for all eight bandings), 770 (20, 0.5 s),
792 (40, 5.5 s)."""
OFFSETS = 4
"""Bandings per height and direction, shifted by a quarter of the height each."""


def subset(counts: engine.OpenCounts, rows: np.ndarray) -> engine.OpenCounts:
    """The open counts ``rows`` alone, with variables only where one of them sees the cell (ids kept)."""
    seen = np.zeros(int(counts.var.max(initial=0)) + 1, dtype=bool)
    seen[counts.lits[rows].ravel()] = True
    seen[0] = False
    var = np.where(seen[counts.var], counts.var, 0)
    return engine.OpenCounts(var, counts.where[rows], counts.lits[rows], counts.need[rows])


def _banded(counts: engine.OpenCounts, kept: np.ndarray, cells: int, budget: int) -> tuple[int, int] | None:
    """Fewest and most mines of a component of ``cells`` cells from its ``kept`` counts (disjoint bands); None
    when some band is over the budget."""
    part = subset(counts, kept)
    shape = structure.build(part)
    low, high, counted = counting.extremes(shape, budget, partial=True)
    if not counted.all():
        return None
    unseen = cells - int(shape.comp_cells.sum())
    return int(low.sum()), int(high.sum()) + unseen


def component_bounds(counts: engine.OpenCounts, rows: np.ndarray, budget: int,
                     margin: Callable[[int, int], int]) -> tuple[int, int]:
    """Fewest and most mines (bounds, not exact) of the component whose open counts are ``rows``.

    ``margin(fewest, most)``: how far the caller's question is from being settled by these bounds (0 or less:
    settled, and the search stops). A taller height is tried only while the margin left is no more than what
    the last height took off it (the gains shrink as the bands grow).
    """
    variables = np.unique(counts.lits[rows])
    cells = int((variables > 0).sum())
    fewest, most = 0, cells
    for level, height in enumerate(HEIGHTS):
        before = margin(fewest, most)
        for axis in (0, 1):
            for offset in range(0, height, max(height // OFFSETS, 1)):
                at = (counts.where[rows, axis] + offset) % height
                bounds = _banded(counts, rows[at < height - 2], cells, budget)
                if bounds is None:
                    return fewest, most  # taller bands would be wider still
                fewest, most = max(fewest, bounds[0]), min(most, bounds[1])
                if margin(fewest, most) <= 0:
                    return fewest, most
        if level and margin(fewest, most) > before - margin(fewest, most):
            break
    return fewest, most
