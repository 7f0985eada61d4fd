"""Masyu as CNF: a variable per link between adjacent cells, a single loop, local clauses per circle.

The loop comes from the shared single-cycle block on the cell centres (every cell of
degree 0 or 2, exactly 2 on a circle, some link used, sub-loops cut lazily); a loop round
a 2 x 2 block is ruled out up front. A model's
loop that passes every circle is the answer on its own, even with other loops beside it:
a circle's clauses only mention links at most two steps from it, which lie on the
circle's own loop. Otherwise every loop of the model misses some circle, so none of them
can be (part of) a solution, and each is banned exactly.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from satpuzzles.cnf import Clause, Formula
from satpuzzles.cnf.model import Model
from satpuzzles.constraints.loops import SingleCycle
from satpuzzles.core.outcome import Settings
from satpuzzles.core.spec import Rules, Stage
from satpuzzles.geometry import ORTHOGONAL, Cell, Link
from satpuzzles_masyu.model import WHITE, MasyuInstance, MasyuSolution, Step, link, verify

CORNERS = tuple(zip(ORTHOGONAL, ORTHOGONAL[1:] + ORTHOGONAL[:1]))
"""The four pairs of perpendicular steps (up-right, right-down, down-left, left-up): a turn."""
AXES = (((0, -1), (0, 1)), ((-1, 0), (1, 0)))
"""The two pairs of opposite steps (left-right, up-down): going straight."""


class MasyuEncoding:
    """CNF for one instance: link variables, the single loop through every circle, circle clauses."""

    name = "loop"
    complete = True
    lazy_rules = "second loops (a solution is one loop)"

    def __init__(self, instance: MasyuInstance) -> None:
        import numpy as np  # with a formula, not with the spec: detecting a file's puzzle loads every spec

        self.instance = instance
        self.formula = Formula()
        grid = instance.grid
        rows, cols = grid.rows, grid.cols
        across = self.formula.pool.block("h", (rows, cols - 1))
        down = self.formula.pool.block("v", (rows - 1, cols))
        self.links: list[Link] = grid.links()
        link_vars = np.concatenate([across.ravel(), down.ravel()])
        self.link_var: dict[Link, int] = dict(zip(self.links, link_vars.tolist()))
        cell = np.arange(grid.size).reshape(rows, cols)
        ends = np.concatenate([
            np.stack([cell[:, :-1].ravel(), cell[:, 1:].ravel()], axis=1),
            np.stack([cell[:-1, :].ravel(), cell[1:, :].ravel()], axis=1),
        ])
        must = np.full(grid.size, instance.visit_all)
        for r, c in instance.circles:
            must[grid.index((r, c))] = True
        self.must = np.flatnonzero(must)
        self.cycle = SingleCycle(self.formula, link_vars, ends, grid.size, must)
        self.selectors: dict[Hashable, int] = {}
        for circle, colour in sorted(instance.circles.items()):
            self.formula.extend(self._white(circle) if colour == WHITE else self._black(circle))
        if instance.circles:
            # Implied, to spare cut rounds on empty areas: a loop round a 2 x 2 block turns in every
            # cell, so no circle keeps its rule on it, and with a circle on the board it is no answer.
            square = np.stack([across[:-1, :], across[1:, :], down[:, :-1], down[:, 1:]], axis=-1)
            self.formula.extend((-square.reshape(-1, 4)).tolist())

    def _var(self, cell: Cell, step: Step, distance: int = 0) -> int | None:
        """The variable of the link leaving ``cell`` + ``distance`` steps along ``step`` (None beyond the board)."""
        start = (cell[0] + distance * step[0], cell[1] + distance * step[1])
        end = (start[0] + step[0], start[1] + step[1])
        grid = self.instance.grid
        return self.link_var[link(start, end)] if grid.contains(start) and grid.contains(end) else None

    def _white(self, cell: Cell) -> list[Clause]:
        """No turn on the circle; going straight, not straight on through both neighbours as well."""
        clauses = []
        for first, second in CORNERS:
            a, b = self._var(cell, first), self._var(cell, second)
            if a is not None and b is not None:
                clauses.append([-a, -b])
        for back, ahead in AXES:
            near, far_back, far_ahead = self._var(cell, ahead), self._var(cell, back, 1), self._var(cell, ahead, 1)
            if near is not None and far_back is not None and far_ahead is not None:
                clauses.append([-near, -far_back, -far_ahead])
        return clauses

    def _black(self, cell: Cell) -> list[Clause]:
        """No straight pass on the circle; every link from it goes straight on through the next cell."""
        clauses = []
        for one, other in AXES:
            a, b = self._var(cell, one), self._var(cell, other)
            if a is not None and b is not None:
                clauses.append([-a, -b])
        for step in ORTHOGONAL:
            near, far = self._var(cell, step), self._var(cell, step, 1)
            if near is not None:
                clauses.append([-near] if far is None else [-near, far])
        return clauses

    def decode(self, model: Model) -> MasyuSolution:
        """The loop through every circle when the model has one; else the model's loops, to be cut."""
        import numpy as np

        on = np.array(self.cycle.used(model), dtype=np.int64)
        label = np.array(self.cycle.loop_labels(on.tolist()), dtype=np.int64)
        count = int(label.max()) + 1
        loop_of = np.full(self.instance.grid.size, -1, dtype=np.int64)
        loop_of[np.array(self.cycle.edge_ends, dtype=np.int64)[on].ravel()] = np.repeat(label, 2)
        # Every must-visit cell has degree 2, so it lies on exactly one loop (none in the stray loops of a model,
        # which --analyze decodes alone).
        on_loops = loop_of[self.must]
        passes = np.bincount(on_loops[on_loops >= 0], minlength=count)
        whole = np.flatnonzero(passes == self.must.size)
        if whole.size:
            return MasyuSolution(frozenset(self.links[i] for i in on[label == whole[0]].tolist()))
        return MasyuSolution(frozenset(), tuple(tuple(on[label == k].tolist()) for k in range(count)))

    def cuts(self, solution: MasyuSolution) -> list[Clause]:
        """Ban every loop of the model: each misses a circle, so no solution contains it."""
        return [self.cycle.ban(loop) for loop in solution.loops]

    def block(self, solution: MasyuSolution) -> Clause:
        """Another single loop cannot contain every link of this one."""
        return [-self.link_var[edge] for edge in solution.edges]

    def decisions(self) -> dict[Hashable, int]:
        """For --analyze: every link between adjacent cells."""
        return dict(self.link_var.items())

    def decided(self, solution: MasyuSolution) -> frozenset[Link]:
        """For --analyze: the links of the solution's loop."""
        return solution.edges

    def ends(self) -> dict[Hashable, tuple[Hashable, Hashable]]:
        """For the grade: every link joins its two cells."""
        return {link: link for link in self.link_var}


def stages(instance: MasyuInstance, settings: Settings) -> Sequence[Stage[MasyuSolution]]:
    """One complete encoding."""
    return [Stage("loop", True, lambda: MasyuEncoding(instance))]


RULES: Rules[MasyuInstance, MasyuSolution] = Rules(stages=stages, verify=verify, analyzable=True,
                                                     cuts="sub-loop cuts")
"""How Masyu is solved and checked."""
