"""Minesweeper with a ``mines N`` total: a layout's mines moved toward the total window by window.

When the layout found without the total holds too many mines (or too few) for the cells no
count sees to make up the rest, one SAT call over the whole board with the total as a
cardinality constraint must push every component toward its fewest (or most) mines, which
CDCL does badly: on a 100x100 board whose total asked its big component for 40 fewer mines
than its layouts naturally hold, that call ran past 100 s. Here the layout is changed one
small square window at a time instead: the cells outside the window keep their values, and
a budgeted SAT call finds the window's cells a placement that meets every count with fewer
(or more) mines. Windows of several sizes are swept over the board until the layout's mines
are in range or no window changes anything. The result is a layout that meets every count,
or None: this only finds layouts, it never proves there is none (the caller then falls back
to the whole-board call).
"""

from __future__ import annotations

import numpy as np

from satpuzzles.puzzles.minesweeper.engine import DEFAULT_SOLVER
from satpuzzles.puzzles.minesweeper.engine.propagate import OpenCounts, add_counts, counts_met, renumber
from satpuzzles.solve.limited import SearchLimit, budgeted_backend

WINDOWS = ((8, 4), (12, 6), (10, 5), (16, 8))
"""(side, stride) of the square windows, swept in this order, each size until a sweep changes nothing. Measured on
the 100x100 of ``generate minesweeper 100 100 --seed 1`` with totals 1,580 to 1,633: 8-cell windows alone stall a
dozen mines short where 12-cell ones go on; 16-cell windows alone mostly run out of conflicts."""
CONFLICTS = 1_000
"""Conflicts allowed to one window's SAT call: near a window's fewest mines the cardinality constraint makes
proofs hard, and an undecided window is simply left as it is."""
SWEEPS = 8
"""Sweeps of one window size at most (each changes something, or the size is done)."""


class _Windows:
    """The open counts, a layout's variable values and where each variable and count lies, for window moves."""

    def __init__(self, counts: OpenCounts, values: np.ndarray, solver_name: str) -> None:
        self.counts, self.values, self.solver_name = counts, values, solver_name
        self.calls = 0
        self.shape = counts.var.shape

    def window(self, top: int, left: int, side: int) -> tuple[np.ndarray, np.ndarray]:
        """The variables of the window's cells and the open counts that see any of them."""
        block = self.counts.var[top:top + side, left:left + side]
        inside = np.unique(block[block > 0])
        where = self.counts.where
        near = ((where[:, 0] >= top - 1) & (where[:, 0] <= top + side)
                & (where[:, 1] >= left - 1) & (where[:, 1] <= left + side))
        rows = np.flatnonzero(near)
        return inside, rows[np.isin(self.counts.lits[rows], inside).any(axis=1)]

    def moved(self, inside: np.ndarray, rows: np.ndarray, goal: int, fewer: bool) -> np.ndarray | None:
        """Values of ``inside`` meeting the counts ``rows`` with the rest of the layout kept, holding at most
        (``fewer``) or at least ``goal`` mines, else as close to it as the budget finds; None when no placement
        closer than the window's own was found."""
        involved, local = renumber(self.counts.lits[rows])
        in_window = np.isin(involved, inside)
        in_window[0] = False
        window_ids = np.flatnonzero(in_window)
        kept = np.flatnonzero(~in_window)[1:]
        assumptions = (kept * np.where(self.values[involved[kept]], 1, -1)).tolist()
        # "fewer": at most ``limit`` of the window's cells are mines; else at most ``limit`` of them are safe
        window_lits = window_ids.tolist() if fewer else (-window_ids).tolist()
        here = int(self.values[inside].sum())
        now, target = (here, goal) if fewer else (len(inside) - here, len(inside) - goal)
        found = self._within(involved, local, rows, window_ids, window_lits, assumptions, target, target, fewer)
        if found is None and now - 1 > target:  # not all the way: step down from the window's own placement
            found = self._within(involved, local, rows, window_ids, window_lits, assumptions, now - 1, target, fewer)
        return found

    def _within(self, involved: np.ndarray, local: np.ndarray, rows: np.ndarray, window_ids: np.ndarray,
                window_lits: list[int], assumptions: list[int], limit: int, target: int,
                fewer: bool) -> np.ndarray | None:
        """The window's values with at most ``limit`` of ``window_lits`` true, tightened after each model until
        ``target`` is reached or a call fails or runs out of conflicts; None when the first call finds none."""
        best: np.ndarray | None = None
        backend = budgeted_backend(self.solver_name, CONFLICTS)
        try:
            add_counts(backend, local, self.counts.need[rows])
            while limit >= 0:
                backend.add_atmost(window_lits, limit)
                self.calls += 1
                if not backend.solve(assumptions):
                    break
                found = np.array(backend.model_literals(), dtype=np.int64)
                model = np.zeros(len(involved), dtype=bool)
                model[found[(found > 0) & (found < len(involved))]] = True
                best = model[window_ids]
                true_lits = int(best.sum()) if fewer else len(window_ids) - int(best.sum())
                if true_lits <= target:
                    break
                limit = true_lits - 1
        except SearchLimit:
            pass
        finally:
            backend.close()
        return best

    def sweep(self, side: int, stride: int, low: int, high: int) -> bool:
        """One pass of windows of ``side`` cells over the board, each moving the layout's mines toward [low, high];
        whether any window changed them."""
        changed = False
        for top in range(0, max(self.shape[0] - side + stride, 1), stride):
            for left in range(0, max(self.shape[1] - side + stride, 1), stride):
                mines = int(self.values[1:].sum())
                if low <= mines <= high:
                    return changed
                inside, rows = self.window(top, left, side)
                if not len(inside):
                    continue
                here = int(self.values[inside].sum())
                fewer = mines > high
                want = here - (mines - high) if fewer else here + (low - mines)
                found = self.moved(inside, rows, max(want, 0) if fewer else min(want, len(inside)), fewer)
                if found is None:  # not even the window's own count of mines within the budget
                    continue
                if int(found.sum()) != here:
                    self.values[inside] = found
                    changed = True
        return changed


def shifted_layout(counts: OpenCounts, values: np.ndarray, low: int, high: int,
                   solver_name: str = DEFAULT_SOLVER) -> tuple[np.ndarray | None, int]:
    """Values of the open counts' variables (index 0 unused) that meet every count and hold between ``low`` and
    ``high`` mines, moved there from ``values`` window by window; None when the windows cannot; and the SAT calls."""
    windows = _Windows(counts, values.copy(), solver_name)
    for side, stride in WINDOWS:
        for _ in range(SWEEPS):
            if low <= int(windows.values[1:].sum()) <= high or not windows.sweep(side, stride, low, high):
                break
    mines = int(windows.values[1:].sum())
    if low <= mines <= high and counts_met(counts, windows.values):
        return windows.values, windows.calls
    return None, windows.calls
