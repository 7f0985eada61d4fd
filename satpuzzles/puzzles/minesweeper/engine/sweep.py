"""Minesweeper at scale: the band sweep over components too big for one SAT call.

A board of a million cells must not go to the SAT solver as one formula (every
solver tried took 20 to 120 s on the 1000x1000 extreme-sat board). After propagation
(propagate.py), a component too big for one SAT call (dense boards percolate) is swept in
bands of rows: each band's open counts, plus those of a few rows below it (look-ahead),
are solved with the rows above already fixed; the band's own rows are then fixed. A band
that cannot be solved retries with more rows above it freed; if the sweep fails, one SAT
call takes the component (the complete fallback).
"""

from __future__ import annotations

import numpy as np

from satpuzzles.puzzles.minesweeper.engine import DEFAULT_SOLVER
from satpuzzles.puzzles.minesweeper.engine.propagate import OpenCounts, add_counts, renumber
from satpuzzles.solve.backends import make_backend
from satpuzzles.solve.parallel import forked_map, usable_cores

BAND_ROWS = 16
LOOK_AHEAD = 6
RETRIES = 3
"""Band height, rows of look-ahead and retries: measured on the 1000x1000 extreme-sat board
(16/6: 1.2 s for the sweep; 32/4: 1.8 s; 8/2: 2.2 s; look-ahead 10: 1.5 s)."""
TILE_COLS = 256
"""Bands at least twice this wide are first tried tile by tile."""
SPLIT_BANDS = 8
"""A board is cut into pieces for the cores only when each piece gets at least this many bands."""


def _solve(counts: OpenCounts, chosen: np.ndarray, fixed: np.ndarray, fixed_values: np.ndarray,
           solver_name: str) -> tuple[np.ndarray, np.ndarray] | None:
    """Variables of the chosen open counts and their values in a model, or None when there is none.

    ``fixed`` variables are assumed to take ``fixed_values``. Variables are renumbered
    1..n for the call: a solver's model lists every id up to the largest, so global
    ids would make each band's model as long as the board.
    """
    involved, local = renumber(counts.lits[chosen])
    with make_backend(solver_name) as backend:
        add_counts(backend, local, counts.need[chosen])
        assume = np.flatnonzero(fixed[involved])
        assume = assume[assume > 0]
        signs = np.where(fixed_values[involved[assume]], 1, -1)
        if not backend.solve((assume * signs).tolist()):
            return None
        model = np.array(backend.model_literals(), dtype=np.int64)
    truth = np.zeros(len(involved), dtype=bool)
    positive = model[(model > 0) & (model < len(involved))]
    truth[positive] = True
    return involved[1:], truth[1:]


def sweep(counts: OpenCounts, rows: int, solver_name: str = DEFAULT_SOLVER) -> tuple[np.ndarray | None, int]:
    """Mine values for every variable by the band sweep (None when it fails), and the SAT calls made.

    Tall boards are cut into horizontal pieces swept at once on the cores; each seam is
    then mended by solving the rows around it with everything else fixed.
    """
    size = int(counts.var.max()) + 1
    var_rows = np.zeros(size, dtype=np.int64)
    var_cols = np.zeros(size, dtype=np.int64)
    vr, vc = np.nonzero(counts.var)
    var_rows[counts.var[vr, vc]] = vr
    var_cols[counts.var[vr, vc]] = vc
    parts = max(1, min(usable_cores(), rows // (SPLIT_BANDS * BAND_ROWS)))
    seams = [round(rows * i / parts / BAND_ROWS) * BAND_ROWS for i in range(1, parts)]
    bounds = list(zip([0, *seams], [*seams, rows]))
    pieces = forked_map(lambda bound: _sweep_rows(counts, var_rows, var_cols, *bound, solver_name), bounds)
    values = np.zeros(size, dtype=bool)
    calls = 0
    for piece, piece_calls in pieces:
        calls += piece_calls
        if piece is None:
            return None, calls
        values |= piece
    for seam in seams:
        mended, mend_calls = _mend(counts, var_rows, values, seam, solver_name)
        calls += mend_calls
        if not mended:
            return None, calls
    return values, calls


def _band_in_tiles(counts: OpenCounts, var_rows: np.ndarray, var_cols: np.ndarray, values: np.ndarray,
                   assigned: np.ndarray, start: int, stop: int, solver_name: str) -> tuple[bool, int]:
    """Rows start..stop-1 tile by tile, left to right, everything assigned so far fixed; False if a tile fails.

    Wide bands are slow to solve whole (a 2000-column band took 2.6x as long as its
    eight 250-column tiles); each tile sees the counts of a few columns to its right.
    A failed tile leaves the band to the whole-band solve, which frees this band's rows.
    """
    width = int(var_cols.max(initial=0)) + 1
    if width < 2 * TILE_COLS:
        return False, 0
    count_rows, count_cols = counts.where[:, 0], counts.where[:, 1]
    band = (count_rows >= start - 1) & (count_rows < stop + LOOK_AHEAD)
    calls = 0
    for left in range(0, width, TILE_COLS):
        right = left + TILE_COLS
        chosen = band & (count_cols >= left - 1) & (count_cols < right + LOOK_AHEAD)
        if not chosen.any():
            continue
        found = _solve(counts, chosen, assigned, values, solver_name)
        calls += 1
        if found is None:
            return False, calls
        involved, truth = found
        rows, cols = var_rows[involved], var_cols[involved]
        commit = (rows >= start) & (rows < stop) & (cols >= left) & (cols < right)
        values[involved[commit]] = truth[commit]
        assigned[involved[commit]] = True
    return True, calls


def _sweep_rows(counts: OpenCounts, var_rows: np.ndarray, var_cols: np.ndarray, first: int, last: int,
                solver_name: str) -> tuple[np.ndarray | None, int]:
    """The band sweep over rows first..last-1 (nothing fixed above ``first``): values set in those rows."""
    calls = 0
    values = np.zeros(len(var_rows), dtype=bool)
    assigned = np.zeros(len(var_rows), dtype=bool)
    count_rows = counts.where[:, 0]
    start = first
    while start < last:
        stop = min(start + BAND_ROWS, last)
        tiled, tile_calls = _band_in_tiles(counts, var_rows, var_cols, values, assigned, start, stop, solver_name)
        calls += tile_calls
        if tiled:
            start = stop
            continue
        for retry in range(RETRIES + 1):
            low = max(first, start - retry * BAND_ROWS)
            chosen = (count_rows >= low - 1) & (count_rows < stop + LOOK_AHEAD)
            if not chosen.any():
                break  # no open count near these rows, so no variable in them either
            fixed = assigned & (var_rows < low)
            found = _solve(counts, chosen, fixed, values, solver_name)
            calls += 1
            if found is not None:
                involved, truth = found
                commit = (var_rows[involved] >= low) & (var_rows[involved] < stop)
                values[involved[commit]] = truth[commit]
                assigned[involved[commit]] = True
                break
        else:
            return None, calls
        start = stop
    return values, calls


def _mend(counts: OpenCounts, var_rows: np.ndarray, values: np.ndarray, seam: int,
          solver_name: str) -> tuple[bool, int]:
    """Make the counts across ``seam`` hold by re-solving ever wider rows around it (the rest fixed)."""
    count_rows = counts.where[:, 0]
    across = (count_rows >= seam - 1) & (count_rows <= seam)
    held = values.copy()
    held[0] = False
    if (held[counts.lits[across]].sum(axis=1) == counts.need[across]).all():
        return True, 0
    for calls, width in enumerate((BAND_ROWS, 2 * BAND_ROWS, 4 * BAND_ROWS), start=1):
        low, high = seam - width, seam + width
        chosen = (count_rows >= low - 1) & (count_rows <= high)
        free = (var_rows >= low) & (var_rows < high)
        found = _solve(counts, chosen, ~free, values, solver_name)
        if found is not None:
            involved, truth = found
            inside = free[involved]
            values[involved[inside]] = truth[inside]
            return True, calls
    return False, 3


def solve_whole(counts: OpenCounts, solver_name: str = DEFAULT_SOLVER) -> np.ndarray | None:
    """Mine values for every variable from one SAT call over all open counts (the complete fallback)."""
    size = int(counts.var.max()) + 1
    nothing = np.zeros(size, dtype=bool)
    found = _solve(counts, np.ones(len(counts.need), dtype=bool), nothing, nothing, solver_name)
    if found is None:
        return None
    values = np.zeros(size, dtype=bool)
    values[found[0]] = found[1]
    return values
