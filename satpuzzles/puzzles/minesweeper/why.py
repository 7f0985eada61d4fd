"""Why a cell is safe: a minimal set of revealed counts (with the mine total, when they need it) that leave no room
for a mine there.

The board with a mine put on the cell has no placement; --explain's minimisation (solve/explain.py) names a minimal
set of its clues that cannot all hold, and those are the reason. The counts near the cell are tried first, in a
window around it that doubles until they are enough (cells outside it free, the counts at its edge left out; up to
REACH_LIMIT), so a reason on a huge board costs what one on a small board does; the total is named only when no set
of counts is enough, and sought on boards of at most TOTAL_LIMIT unknown cells (a whole-board formula with the total).
"""

from __future__ import annotations

from satpuzzles.core.outcome import DEFAULT_SOLVER, SolveStats
from satpuzzles.core.records import Record
from satpuzzles.geometry import Cell
from satpuzzles.puzzles.minesweeper.board_cnf import MinesweeperEncoding
from satpuzzles.puzzles.minesweeper.model import MINE, TOTAL, UNKNOWN, MinesweeperInstance
from satpuzzles.solve.backends import make_backend
from satpuzzles.solve.explain import minimal_conflict

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Hashable

    import numpy as np

TOTAL_LIMIT = 2000
"""Unknown cells up to which a reason that needs the mine total is sought (over the whole board)."""
REACH_LIMIT = 64
"""How far from the cell (in rows or columns) the counts of a reason may lie: a longer chain is no hint."""


class Reason(Record, frozen=True):
    """The revealed counts (row, column) that leave a cell no room for a mine, and whether the total is needed too."""

    counts: tuple[Cell, ...]
    values: tuple[int, ...]
    """Each count's number, as revealed."""
    total: bool = False


def _conflict(board: np.ndarray, total: int | None, used: Callable[[Hashable], bool]) -> list[Hashable] | None:
    """A minimal set of the clues ``used`` picks (counts by (row, col), the total) that cannot all hold on ``board``."""
    encoding = MinesweeperEncoding(MinesweeperInstance(board, total), with_selectors=True)
    encoding.selectors = {key: lit for key, lit in encoding.selectors.items() if used(key)}
    with make_backend(DEFAULT_SOLVER) as backend:
        backend.add_clauses(encoding.formula.clauses)
        return minimal_conflict(encoding, backend, SolveStats(solver=DEFAULT_SOLVER), lambda _: None)


def why_safe(cells: np.ndarray, total: int | None, cell: Cell) -> Reason | None:
    """A minimal reason that ``cell`` (unknown, safe in every placement) holds no mine; None when none is found (a
    mine there fits the counts, and the total is not tried: its board is over TOTAL_LIMIT unknown cells)."""
    rows, cols = cells.shape
    r, c = cell
    reach = 2
    while True:
        top, left = max(r - reach - 1, 0), max(c - reach - 1, 0)
        window = cells[top : r + reach + 2, left : c + reach + 2].copy()
        window[r - top, c - left] = MINE
        near = (r - top - reach, c - left - reach, r - top + reach, c - left + reach)

        def inside(key: Hashable, near: tuple[int, int, int, int] = near) -> bool:
            return key != TOTAL and near[0] <= _cell(key)[0] <= near[2] and near[1] <= _cell(key)[1] <= near[3]

        keys = _conflict(window, None, inside)
        if keys is not None:
            return _reason(cells, [(_cell(key)[0] + top, _cell(key)[1] + left) for key in keys], False)
        if window.shape == cells.shape or reach >= REACH_LIMIT:
            break
        reach *= 2
    if total is None or int((cells == UNKNOWN).sum()) > TOTAL_LIMIT:
        return None
    board = cells.copy()
    board[cell] = MINE
    keys = _conflict(board, total, lambda key: True)
    if keys is None:
        return None
    return _reason(cells, [_cell(key) for key in keys if key != TOTAL], TOTAL in keys)


def _cell(key: Hashable) -> Cell:
    """A count's selector key as its cell."""
    assert isinstance(key, tuple), "a count's key is its (row, column)"
    return int(key[0]), int(key[1])


def _reason(cells: np.ndarray, counts: list[Cell], total: bool) -> Reason:
    """The reason of these counts, in reading order, with their numbers."""
    ordered = tuple(sorted(counts))
    return Reason(ordered, tuple(int(cells[cell]) for cell in ordered), total)
