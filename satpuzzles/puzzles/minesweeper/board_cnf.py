"""Minesweeper's whole board as one CNF formula: a variable per unknown cell, an exact count per revealed number,
each count (and the total) behind a selector when asked, for --explain and a hint's reason."""

from __future__ import annotations

from collections.abc import Hashable

from satpuzzles.cnf import Clause, Formula, exactly
from satpuzzles.cnf.model import Model
from satpuzzles.geometry import count8
from satpuzzles.puzzles.minesweeper.model import MINE, TOTAL, UNKNOWN, MinesweeperInstance, MinesweeperSolution


class MinesweeperEncoding:
    """The whole board as CNF: a variable per unknown cell, each count exact, the total if given."""

    name = "board"
    complete = True

    def __init__(self, instance: MinesweeperInstance, with_selectors: bool) -> None:
        import numpy as np  # with the formula, not with the spec (strategy.py says why)

        from satpuzzles.constraints.counts import exact_counts  # numpy too

        cells = instance.cells
        self.instance = instance
        self.formula = formula = Formula()
        unknown = cells == UNKNOWN
        self.var = np.zeros(cells.shape, dtype=np.int64)
        self.var[unknown] = formula.pool.block_at("mine", np.argwhere(unknown))  # mine(row, column)
        self.unknown_vars = self.var[unknown]
        known = (cells == MINE).astype(np.int16)
        counted = np.argwhere(cells >= 0)
        r, c = counted[:, 0], counted[:, 1]
        padded = np.pad(self.var, 1)
        around = np.stack([padded[r + dr, c + dc] for dr in range(3) for dc in range(3)], axis=1)
        need = cells[r, c].astype(np.int64) - count8(known)[r, c]
        self.selectors: dict[Hashable, int] = {}
        guards = None
        if with_selectors:
            self.selectors = {(int(a), int(b)): formula.pool.var(("count", int(a), int(b))) for a, b in counted.tolist()}
            guards = np.array(list(self.selectors.values()), dtype=np.int64)
        exact_counts(formula, around, need, guards)
        if instance.mines is not None:
            if with_selectors:
                self.selectors[TOTAL] = formula.pool.var(("total",))
            exactly(formula, self.unknown_vars.tolist(), instance.mines - int(known.sum()), self.selectors.get(TOTAL))

    def decode(self, model: Model) -> MinesweeperSolution:
        """Known mines plus the unknown cells the model marks."""
        mines = self.instance.cells == MINE
        unknown = self.instance.cells == UNKNOWN
        mines[unknown] = model[self.unknown_vars]
        return MinesweeperSolution(mines)

    def cuts(self, solution: MinesweeperSolution) -> list[Clause]:
        """Nothing is enforced lazily."""
        return []

    def block(self, solution: MinesweeperSolution) -> Clause:
        """Some unknown cell must change."""
        placed = solution.mines[self.instance.cells == UNKNOWN]
        return [int(-v if mine else v) for v, mine in zip(self.unknown_vars.tolist(), placed.tolist())]
