"""Minesweeper's rules, written from the puzzle and not from the CNF: the board, a placement, the verifier.

Is there a placement of mines that agrees with every revealed count? A revealed cell holds
no mine and shows how many of its up to eight neighbours hold one; flagged cells hold
mines; with a ``mines N`` line the board holds exactly N mines.
"""

from __future__ import annotations

from satpuzzles.core.records import Record
from satpuzzles.core.words import counted
from satpuzzles.geometry import count8

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    import numpy as np

UNKNOWN = -1
MINE = -2
TOTAL = "mines"
"""The --explain key of the ``mines N`` total, beside the (row, col) keys of the counts."""
TOTAL_CAPTION = "The mine total is part of the conflict."
"""Said under a board whose conflicting clues include the total (text, terminal and SVG)."""


class MinesweeperInstance(Record, frozen=True, eq=False):
    """A board: ``cells[r, c]`` is UNKNOWN (-1), MINE (-2, known) or a revealed count 0-8."""

    cells: np.ndarray
    mines: int | None = None
    line: int = 1


class CellAnalysis(Record):
    """Which unknown cells are forced, and how: by the trivial rules or by SAT (Minesweeper's own backbone, as
    grids; not core.outcome.Analysis, the decision keys other puzzles report)."""

    forced_mine: np.ndarray
    forced_safe: np.ndarray
    by_rules: np.ndarray
    """Unknown cells the trivial rules decided (the other forced cells needed SAT)."""
    undetermined: np.ndarray
    """Unknown cells that are mines in some layouts and safe in others."""
    layout: np.ndarray
    """One consistent layout (True where a mine lies), found along the way."""


class MinesweeperSolution(Record, frozen=True, eq=False):
    """One mine placement: ``mines[r, c]`` is True where a mine lies; with --analyze, the forced cells too."""

    mines: np.ndarray
    analysis: CellAnalysis | None = None
    probabilities: np.ndarray | None = None
    """With --probabilities: each unknown cell's exact mine probability (NaN where not computed)."""
    hint: Any = None
    """With --hint: the next move (a hint.Hint)."""


def verify(instance: MinesweeperInstance, solution: MinesweeperSolution) -> list[str]:
    """Counts hold no mine and see exactly their number of mines; flagged mines stay; the total if given."""
    import numpy as np  # loaded with a board, not with the spec (strategy.py says why)

    cells, mines = instance.cells, solution.mines
    problems = []
    if mines.shape != cells.shape:
        return [f"placement of shape {mines.shape} for a board of shape {cells.shape}"]
    counts = cells >= 0
    if (mines & counts).any():
        problems.append(f"a mine on the revealed cell {tuple(np.argwhere(mines & counts)[0])}")
    if not mines[cells == MINE].all():
        problems.append("a flagged mine was removed")
    around = count8(mines)
    wrong = counts & (around != cells)
    if wrong.any():
        r, c = np.argwhere(wrong)[0]
        problems.append(f"the count at {(int(r), int(c))} sees {counted(int(around[r, c]), 'mine')}")
    if instance.mines is not None and int(mines.sum()) != instance.mines:
        problems.append(f"{counted(int(mines.sum()), 'mine')} where the board says {instance.mines}")
    analysis = solution.analysis
    if analysis is not None and ((analysis.forced_mine & ~mines).any() or (analysis.forced_safe & mines).any()):
        problems.append("the placement disagrees with a cell the analysis calls forced")
    chances = solution.probabilities
    if analysis is not None and chances is not None:
        computed = ~np.isnan(chances)
        if (computed & analysis.forced_mine & (chances != 1)).any() or (computed & analysis.forced_safe & (chances != 0)).any():
            problems.append("a forced cell has a probability other than 0 or 1")
        if (computed & analysis.undetermined & ((chances <= 0) | (chances >= 1))).any():
            problems.append("an undetermined cell has probability 0 or 1")
    return problems
