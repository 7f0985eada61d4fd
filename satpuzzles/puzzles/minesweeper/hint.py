"""The next move: cells safe in every placement, or, when none is, the unknown cell least likely to hold a mine."""

from __future__ import annotations

import numpy as np

from satpuzzles.core.records import Record
from satpuzzles.geometry import Cell
from satpuzzles.puzzles.minesweeper.model import UNKNOWN, CellAnalysis
from satpuzzles.puzzles.minesweeper.odds import risk, rounded
from satpuzzles.puzzles.minesweeper.why import Reason, why_safe

CANDIDATES = 24
"""Safe cells (the first in reading order) whose reasons are compared: the hint names the one with the shortest."""


class Hint(Record, frozen=True):
    """What to open next: every certainly safe cell, else the lowest-risk cell and its exact mine probability."""

    safe: tuple[Cell, ...]
    guess: Cell | None = None
    chance: float | None = None
    partial: bool = False
    """True when some cells' probabilities were over the counting budget, so the guess is the best of the others."""
    mines_left: bool = False
    """True when nothing is safe to open because every unknown cell left holds a mine."""
    reason: Reason | None = None
    """Why the first safe cell is safe: the counts (and the total) that leave it no room for a mine."""

    def sentence(self, with_total: bool) -> str:
        """The hint in words, 1-based rows and columns."""
        if self.safe:
            (r, c), more = self.safe[0], len(self.safe) - 1
            rest = f" (and {more} more safe cell{'s' if more > 1 else ''}, marked o)" if more else ""
            return f"open row {r + 1}, column {c + 1}: {self.why()}{rest}"
        if self.guess is None:  # partial: cells are left, but every one's risk was over the budget
            if self.partial:
                return "no cell is certainly safe, and no open cell's risk was computed (over the counting budget)"
            return ("nothing is left to open: every unknown cell left holds a mine" if self.mines_left
                    else "no unknown cell is left to open")
        r, c = self.guess
        basis = "with the mine total" if with_total else "every placement counted alike, as no mine total is given"
        caveat = "; some cells were over the counting budget" if self.partial else ""
        lowest = "the lowest risk among the cells counted" if self.partial else "the lowest risk"
        return (f"no cell is certainly safe: row {r + 1}, column {c + 1} has {lowest}, "
                f"{risk(float(self.chance or 0))} ({basis}{caveat})")

    def why(self) -> str:
        """Why the first safe cell is safe, in words: the counts that leave it no room for a mine."""
        if self.reason is None:
            return "it is safe in every placement"
        named = [f"the {value} at row {r + 1}, column {c + 1}"
                 for (r, c), value in zip(self.reason.counts, self.reason.values)]
        if self.reason.total:
            named.append("the mine total")
        together = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"
        return f"{together} {'leaves' if len(named) == 1 else 'leave'} no room for a mine there"

    def as_json(self) -> dict[str, object]:
        """The ``hint`` member of the JSON envelope (0-based cells); ``reason``: why the first safe cell is safe."""
        reason = None if self.reason is None else {"counts": [list(cell) for cell in self.reason.counts],
                                                   "mine_total": self.reason.total}
        return {"safe": [list(cell) for cell in self.safe], "guess": list(self.guess) if self.guess else None,
                "probability": None if self.chance is None else rounded(float(self.chance)), "partial": self.partial,
                "reason": reason}


def _length(reason: Reason | None) -> tuple[int, int]:
    """How long a reason is to follow: without the total before with it, then by its counts (none found: last)."""
    return (2, 0) if reason is None else (int(reason.total), len(reason.counts))


def hint(cells: np.ndarray, analysis: CellAnalysis, chances: np.ndarray | None, total: int | None = None) -> Hint:
    """The hint for a board from its analysis (and, when no cell is safe, its probabilities; ``total``: the mine
    total, if given). Of the first CANDIDATES safe cells, the one with the shortest reason comes first."""
    unknown = cells == UNKNOWN
    safe = unknown & analysis.forced_safe
    if safe.any():
        cells_safe = [(int(r), int(c)) for r, c in np.argwhere(safe)]
        reasons = {cell: why_safe(cells, total, cell) for cell in cells_safe[:CANDIDATES]}
        first = min(reasons, key=lambda cell: _length(reasons[cell]))
        return Hint((first, *(cell for cell in cells_safe if cell != first)), reason=reasons[first])
    open_cells = unknown & ~analysis.forced_mine
    if not open_cells.any() or chances is None:
        return Hint((), mines_left=bool(unknown.any()) and not open_cells.any())
    known = open_cells & ~np.isnan(chances)
    if not known.any():
        return Hint((), partial=True)
    risk = np.where(known, chances, np.inf)
    r, c = np.unravel_index(int(np.argmin(risk)), risk.shape)
    return Hint((), (int(r), int(c)), float(chances[r, c]), partial=bool((open_cells & ~known).any()))
