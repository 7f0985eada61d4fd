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
from satpuzzles.puzzles.slitherlink.corners import corner_clauses
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
        self._edges: list[Edge] | None = None
        dot = np.arange((rows + 1) * (cols + 1)).reshape(rows + 1, cols + 1)
        ends = np.concatenate([
            np.stack([dot[:, :-1].ravel(), dot[:, 1:].ravel()], axis=1),
            np.stack([dot[:-1, :].ravel(), dot[1:, :].ravel()], axis=1),
        ])
        visit = np.full(dot.size, instance.visit_all)
        edge_vars = np.concatenate([self.h_block.ravel(), self.v_block.ravel()])
        self.cycle = SingleCycle(self.formula, edge_vars, ends, dot.size, visit)
        self.clue_cells = sorted(instance.clues)
        self.clue_values = np.array([instance.clues[cell] for cell in self.clue_cells], dtype=np.int64)
        self.selectors: dict[Hashable, int] = {}
        if with_selectors:
            self.selectors = {cell: self.formula.pool.var(("clue", *cell)) for cell in self.clue_cells}
        self.selector_array = np.array(list(self.selectors.values()), dtype=np.int64)
        self._clues()
        self._beside_clues()
        if self.clue_cells:
            corner_clauses(self.formula, self.h_block, self.v_block, np.array(self.clue_cells, dtype=np.int64),
                           self.clue_values, self.selector_array if self.selectors else None)

    @property
    def edges(self) -> list[Edge]:
        """Every lattice edge, in variable order (made on first use: only a final loop needs the tuples)."""
        if self._edges is None:
            self._edges = self.instance.grid.edges()
        return self._edges

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
        rows, cols = self.instance.grid.rows, self.instance.grid.cols
        none = len(self.clue_cells)
        index = np.full((rows + 2, cols + 2), none, dtype=np.int64)  # clue number by cell, a border of none
        if self.clue_cells:
            r, c = np.array(self.clue_cells, dtype=np.int64).T
            index[r + 1, c + 1] = np.arange(none)
        above, below = index[:rows + 1, 1:cols + 1], index[1:rows + 2, 1:cols + 1]
        left, right = index[1:rows + 1, :cols + 1], index[1:rows + 1, 1:cols + 2]
        self.edge_clue_index = np.concatenate([np.stack([above.ravel(), below.ravel()], axis=1),
                                               np.stack([left.ravel(), right.ravel()], axis=1)])

    def edge_index(self, edge: Edge) -> int:
        """The position of ``edge`` in the variable order (horizontal edges row by row, then vertical ones)."""
        kind, r, c = edge
        cols = self.instance.grid.cols
        return r * cols + c if kind == "h" else (self.instance.grid.rows + 1) * cols + r * (cols + 1) + c

    def decode(self, model: Model) -> SlitherlinkSolution:
        """The model's loops; the solution is a loop that alone keeps every clue the model enforces."""
        on = self.cycle.used(model)
        loop_of = self.cycle.loop_labels(on)
        count = int(loop_of.max()) + 1
        width = len(self.clue_cells) + 1
        beside = (loop_of[:, None] * width + self.edge_clue_index[on]).ravel()
        sides = np.bincount(beside, minlength=count * width).reshape(count, width)
        enforced = self.clue_values > 0
        if self.selectors:
            enforced &= model[self.selector_array]
        wrong = sides[:, :-1][:, enforced] != self.clue_values[enforced]
        keeps_all = ~wrong.any(axis=1)
        alone = [] if self.instance.visit_all and count > 1 else np.flatnonzero(keeps_all).tolist()
        if alone:
            return SlitherlinkSolution(frozenset(self.edges[i] for i in on[loop_of == alone[0]].tolist()))
        cells = np.flatnonzero(enforced)
        first = cells[wrong.argmax(axis=1)] if cells.size else np.zeros(count, dtype=np.int64)
        violated = [self.clue_cells[cell] if broken else None
                    for cell, broken in zip(first.tolist(), (~keeps_all).tolist())]
        order = np.argsort(loop_of, kind="stable")
        ends = np.cumsum(np.bincount(loop_of, minlength=count))
        edges = on[order].tolist()
        loops = tuple(tuple(edges[start:end]) for start, end in zip([0, *ends[:-1].tolist()], ends.tolist()))
        return SlitherlinkSolution(frozenset(), loops, tuple(violated))

    def cuts(self, solution: SlitherlinkSolution) -> list[Clause]:
        """Ban each loop of the model, guarded by the selector of a clue it breaks on its own."""
        return [
            self.cycle.ban(loop, self.selectors[broken] if self.selectors and broken is not None else None)
            for loop, broken in zip(solution.loops, solution.violated)
        ]

    def block(self, solution: SlitherlinkSolution) -> Clause:
        """Another single loop cannot contain every edge of this one."""
        return [-self.cycle.edge_vars_list[self.edge_index(e)] for e in solution.edges]

    def decisions(self) -> dict[Hashable, int]:
        """For --analyze: every edge, by its key ("h" or "v", row, col)."""
        return dict(zip(self.edges, self.cycle.edge_vars_list))

    def decided(self, solution: SlitherlinkSolution) -> frozenset[Edge]:
        """For --analyze: the edges of the solution's loop."""
        return solution.edges

    def ends(self) -> dict[Hashable, tuple[Hashable, Hashable]]:
        """For the grade: the two dots of every edge."""
        return {edge: self.instance.grid.edge_vertices(edge) for edge in self.edges}


def stages(instance: SlitherlinkInstance, settings: Settings) -> Sequence[Stage[SlitherlinkSolution]]:
    """One complete encoding, with clue selectors when --explain is asked for."""
    return [Stage("loop", True, lambda: SlitherlinkEncoding(instance, with_selectors=settings.explain))]


DEFAULT_SOLVER = "cadical195"
"""Slitherlink's solver when none is named. On the Tatham Hard boards CaDiCaL 1.9.5 needs a third of
Glucose 4's propagations (100x100: 2.9 M against 9.4 M); over the public puzzles the two are even."""

RULES: Rules[SlitherlinkInstance, SlitherlinkSolution] = Rules(stages=stages, verify=verify, explainable=True,
                                                               default_solver=DEFAULT_SOLVER, analyzable=True)
"""How Slitherlink is solved and checked."""
