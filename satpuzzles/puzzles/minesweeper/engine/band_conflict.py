"""A ``mines N`` total out of the counts' reach, explained by bands: revealed counts that, with the total, have no
layout, found without SAT and checked by counting that set of counts exactly.

On the board as given (flagged cells as mines, no deduction), counts three or more rows apart share no cell, so
the counts of a banding (band_bounds: two rows dropped out of every ``height``) split into parts each narrow
enough to count: every layout of the kept counts holds at least the sum of the parts' fewest mines and at most
the sum of their most plus the unknown cells no kept count sees. When that range misses what the total leaves,
the kept counts and the total conflict. Parts that are not needed for it are dropped, and when few counts
are left each is tried out in turn (the set's own layouts, by their sets of totals): what stays is then a
minimal conflict, said as such; else the set is said to be not proved minimal.
"""

from __future__ import annotations

import numpy as np

from satpuzzles.puzzles.minesweeper.engine import DEFAULT_BUDGET, bitsets, counting, structure
from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.engine.band_bounds import HEIGHTS, OFFSETS, subset
from satpuzzles.puzzles.minesweeper.engine.probability import sums
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN

MINIMISE_MOST = 120
"""Counts up to which each is tried out of the set in turn (each try counts the rest exactly): a set this small is
made minimal in well under a second."""


class BandConflict:
    """Counts (as (row, col) keys) that with the total have no layout, and whether the set is proved minimal."""

    def __init__(self, clues: list[tuple[int, int]], minimal: bool) -> None:
        self.clues, self.minimal = clues, minimal


def band_conflict(cells: np.ndarray, mines: int, budget: int = DEFAULT_BUDGET) -> BandConflict | None:
    """A set of revealed counts that, with the ``mines`` total, has no layout, checked by counting it exactly;
    None when no banding of the counts shows one (then the SAT minimisation is left to find it)."""
    counts, unknown = _as_given(cells)
    left = mines - int((cells == MINE).sum())
    if not len(counts.need) or not 0 <= left <= unknown:
        return None
    found = _refuting_banding(counts, cells.shape, unknown, left, budget)
    if found is None:
        return None
    rows = _without_spare_parts(*found, unknown, left)
    minimal = False
    if len(rows) <= MINIMISE_MOST:
        rows, minimal = _minimised(counts, rows, unknown, left, budget)
        minimal = minimal and _has_layout(counts, rows, budget)  # the total is needed too
    if not refuted(counts, rows, unknown, left, budget):  # the set's own check, whatever found it
        return None
    return BandConflict([(int(r), int(c)) for r, c in counts.where[np.sort(rows)]], minimal)


Parts = tuple[structure.Structure, np.ndarray, np.ndarray, bool]
"""Counts split into parts that share no cell: the structure, each part's fewest and most mines, whether all
were counted."""


def _as_given(cells: np.ndarray) -> tuple[engine.OpenCounts, int]:
    """The counts of the board as given (flagged cells as mines, nothing deduced) beside unknown cells, and how
    many unknown cells there are."""
    nothing_deduced = engine.Deduction(cells == MINE, cells >= 0, None, 0)
    return engine.open_counts(cells, nothing_deduced), int((cells == UNKNOWN).sum())


def _parts(counts: engine.OpenCounts, rows: np.ndarray, budget: int) -> Parts:
    """The counts ``rows`` split into parts that share no cell: the structure, each part's fewest and most mines,
    and whether every part was counted within ``budget``."""
    shape = structure.build(subset(counts, rows))
    low, high, counted = counting.extremes(shape, budget, partial=True)
    return shape, low, high, bool(counted.all())


def _range(shape: structure.Structure, low: np.ndarray, high: np.ndarray, unknown: int) -> tuple[int, int]:
    """Fewest and most mines on the unknown cells in the layouts of counts with these parts."""
    return int(low.sum()), int(high.sum()) + unknown - int(shape.comp_cells.sum())


def refuted(counts: engine.OpenCounts, rows: np.ndarray, unknown: int, left: int, budget: int = DEFAULT_BUDGET) -> bool:
    """Whether the counts ``rows`` leave no layout with ``left`` mines on the ``unknown`` cells, proved by counting
    each of their parts exactly (their fewest and most mines, else their sets of totals)."""
    parts = _parts(counts, rows, budget)
    return parts[3] and _misses(parts, unknown, left, budget)


def _has_layout(counts: engine.OpenCounts, rows: np.ndarray, budget: int) -> bool:
    """Whether the counts ``rows`` have a layout whatever its mines (each part counted exactly has one)."""
    _, low, high, counted = _parts(counts, rows, budget)
    return counted and bool((low <= high).all())


def _holds(shape: structure.Structure, unknown: int, left: int, budget: int) -> bool | None:
    """Whether the counts of ``shape`` have a layout with exactly ``left`` mines on the ``unknown`` cells (the cells
    they do not see take any number), by each part's set of totals; None when a part is over the budget."""
    found = counting.forward(shape, budget, counting.TOTALS, every=True, most=left)
    if not found.counted.all():
        return None
    reach = 1
    for row in found.layouts:
        reach = sums(reach, bitsets.to_int(row))
    free = unknown - int(shape.comp_cells.sum())
    return bool((sums(reach, (1 << (free + 1)) - 1) >> left) & 1)


def _refuting_banding(counts: engine.OpenCounts, shape_of_board: tuple[int, int], unknown: int, left: int,
                      budget: int) -> tuple[np.ndarray, Parts] | None:
    """The counts of the first banding whose range misses ``left``, shortest bands first (every count, counted
    whole, once the bands would be as tall as the board), with their parts; or None."""
    every = np.arange(len(counts.need))
    for height in HEIGHTS:
        if height >= min(shape_of_board) + 2:  # bands as tall as the board: the board's counts whole
            parts = _parts(counts, every, budget)
            return (every, parts) if parts[3] and _misses(parts, unknown, left, budget) else None
        for axis in (0, 1):
            for offset in range(0, height, max(height // OFFSETS, 1)):
                kept = every[(counts.where[:, axis] + offset) % height < height - 2]
                parts = _parts(counts, kept, budget)
                if not parts[3]:
                    return None  # taller bands would be wider still
                fewest, most = _range(*parts[:3], unknown)
                if not fewest <= left <= most:
                    return kept, parts
    return None


def _misses(parts: Parts, unknown: int, left: int, budget: int) -> bool:
    """Whether counts whose parts are all counted have no layout with ``left`` mines (by their range, a part with no
    layout, or their sets of totals)."""
    shape, low, high, _ = parts
    fewest, most = _range(shape, low, high, unknown)
    return bool((low > high).any()) or not fewest <= left <= most or _holds(shape, unknown, left, budget) is False


def _without_spare_parts(rows: np.ndarray, parts: Parts, unknown: int, left: int) -> np.ndarray:
    """``rows`` less the parts the conflict does not need: those adding least to the side of the range that misses
    ``left`` go first, as long as it still misses."""
    shape, low, high, _ = parts
    fewest, most = _range(shape, low, high, unknown)
    if (low > high).any() or fewest <= left <= most:
        return rows  # refuted by the sets of totals, or by a part with no layout: kept whole
    if fewest > left:
        gain, spare = low, fewest - left - 1
    else:
        gain, spare = shape.comp_cells - high, left - most - 1
    dropped = np.zeros(shape.components, dtype=bool)
    for part in np.argsort(gain, kind="stable").tolist():
        if gain[part] > spare:
            break
        spare -= int(gain[part])
        dropped[part] = True
    return rows[~dropped[shape.count_comp]]


def _minimised(counts: engine.OpenCounts, rows: np.ndarray, unknown: int, left: int,
               budget: int) -> tuple[np.ndarray, bool]:
    """``rows`` with each count dropped in turn while the rest still have no layout with ``left`` mines, and whether
    the rest proved minimal: each count kept was needed (without it a layout with the total exists)."""
    kept = list(rows.tolist())
    minimal = True
    for row in rows.tolist():
        rest = np.array([r for r in kept if r != row], dtype=np.int64)
        if not len(rest):
            continue  # the total alone is within the unknown cells' room: the last count is needed
        shape = structure.build(subset(counts, rest))
        holds = _holds(shape, unknown, left, budget)
        if holds is None:
            minimal = False
        elif not holds:
            kept = rest.tolist()
    return np.array(kept, dtype=np.int64), minimal
