"""Slitherlink as CNF: a variable per lattice edge, a single loop, an exact count per clue.

The loop comes from the shared single-cycle block (every dot of degree 0 or 2, some
edge used, sub-loops cut lazily). A model's loop that keeps every clue on its own is
the answer, even when other, clue-free loops come with it (banning those would be
unsound). Otherwise every loop of the model breaks some clue on its own, so each is
banned exactly.

For --explain every clue gets a selector literal, and a loop ban carries the selector
of a clue that the banned loop breaks on its own, so it stays sound under any set of
assumed clues.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import numpy as np

from satpuzzles.cnf import Clause, Formula
from satpuzzles.constraints.counts import exact_counts
from satpuzzles.constraints.loops import SingleCycle
from satpuzzles.core.outcome import Settings
from satpuzzles.core.spec import Rules, Stage
from satpuzzles.geometry import Edge
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance, SlitherlinkSolution, verify
from satpuzzles.solve.model import Model


class SlitherlinkEncoding:
    """CNF for one instance: edge variables, the single loop, clue counts (optionally selected)."""

    name = "loop"
    complete = True

    def __init__(self, instance: SlitherlinkInstance, with_selectors: bool) -> None:
        self.instance = instance
        self.formula = Formula()
        grid = instance.grid
        rows, cols = grid.rows, grid.cols
        self.h_block = self.formula.pool.block("h", (rows + 1, cols))
        self.v_block = self.formula.pool.block("v", (rows, cols + 1))
        self.edges: list[Edge] = grid.edges()
        self.edge_var = dict(zip(self.edges, np.concatenate([self.h_block.ravel(), self.v_block.ravel()]).tolist()))
        dot = np.arange((rows + 1) * (cols + 1)).reshape(rows + 1, cols + 1)
        ends = np.concatenate([
            np.stack([dot[:, :-1].ravel(), dot[:, 1:].ravel()], axis=1),
            np.stack([dot[:-1, :].ravel(), dot[1:, :].ravel()], axis=1),
        ])
        visit = np.full(dot.size, instance.visit_all)
        self.cycle = SingleCycle(self.formula, list(self.edge_var.values()), ends, dot.size, visit)
        self.clue_cells = sorted(instance.clues)
        self.clue_values = np.array([instance.clues[cell] for cell in self.clue_cells], dtype=np.int64)
        self.selectors: dict[Hashable, int] = {}
        if with_selectors:
            self.selectors = {cell: self.formula.pool.var(("clue", *cell)) for cell in self.clue_cells}
        self.selector_array = np.array(list(self.selectors.values()), dtype=np.int64)
        self._clues()
        self._beside_clues()

    def _clues(self) -> None:
        """Each clue counts its cell's four sides; with selectors, each clue's clauses are guarded by its own."""
        if not self.clue_cells:
            return
        r, c = np.array(self.clue_cells, dtype=np.int64).T
        h, v = self.h_block, self.v_block
        sides = np.stack([h[r, c], v[r, c + 1], h[r + 1, c], v[r, c]], axis=-1)
        exact_counts(self.formula, sides, self.clue_values, self.selector_array if self.selectors else None)

    def _beside_clues(self) -> None:
        """For every edge, the (up to two) clues beside it, as indices into clue_cells (len = none)."""
        grid = self.instance.grid
        clue_number = {cell: k for k, cell in enumerate(self.clue_cells)}
        none = len(self.clue_cells)
        beside = [[clue_number[c] for c in grid.edge_cells(e) if c in clue_number] for e in self.edges]
        self.edge_clue_index = np.array([b + [none] * (2 - len(b)) for b in beside], dtype=np.int64).reshape(-1, 2)

    def decode(self, model: Model) -> SlitherlinkSolution:
        """The model's loops; the solution is a loop that alone keeps every clue the model enforces."""
        on = self.cycle.used(model)
        loop_of = self.cycle.loop_labels(on)
        count = int(loop_of.max()) + 1
        sides = np.zeros((count, len(self.clue_cells) + 1), dtype=np.int64)
        np.add.at(sides, (loop_of[:, None], self.edge_clue_index[on]), 1)
        enforced = self.clue_values > 0
        if self.selectors:
            enforced &= model[self.selector_array]
        wrong = sides[:, :-1][:, enforced] != self.clue_values[enforced]
        keeps_all = ~wrong.any(axis=1)
        alone = [] if self.instance.visit_all and count > 1 else np.flatnonzero(keeps_all).tolist()
        if alone:
            return SlitherlinkSolution(frozenset(self.edges[i] for i in on[loop_of == alone[0]].tolist()))
        cells = np.flatnonzero(enforced)
        violated = [self.clue_cells[cells[row.argmax()]] if row.any() else None for row in wrong]
        loops = tuple(tuple(on[loop_of == k].tolist()) for k in range(count))
        return SlitherlinkSolution(frozenset(), loops, tuple(violated))

    def cuts(self, solution: SlitherlinkSolution) -> list[Clause]:
        """Ban each loop of the model, guarded by the selector of a clue it breaks on its own."""
        return [
            self.cycle.ban(loop, self.selectors[broken] if self.selectors and broken is not None else None)
            for loop, broken in zip(solution.loops, solution.violated)
        ]

    def block(self, solution: SlitherlinkSolution) -> Clause:
        """Another single loop cannot contain every edge of this one."""
        return [-self.edge_var[e] for e in solution.edges]

    def decisions(self) -> dict[Hashable, int]:
        """For --analyze: every edge, by its key ("h" or "v", row, col)."""
        return dict(self.edge_var)

    def decided(self, solution: SlitherlinkSolution) -> frozenset[Edge]:
        """For --analyze: the edges of the solution's loop."""
        return solution.edges

    def ends(self) -> dict[Hashable, tuple[Hashable, Hashable]]:
        """For the grade: the two dots of every edge."""
        return {edge: self.instance.grid.edge_vertices(edge) for edge in self.edges}


def stages(instance: SlitherlinkInstance, settings: Settings) -> Sequence[Stage[SlitherlinkSolution]]:
    """One complete encoding, with clue selectors when --explain is asked for."""
    return [Stage("loop", True, lambda: SlitherlinkEncoding(instance, with_selectors=settings.explain))]


RULES: Rules[SlitherlinkInstance, SlitherlinkSolution] = Rules(stages=stages, verify=verify, explainable=True,
                                                               analyzable=True)
"""How Slitherlink is solved and checked."""
