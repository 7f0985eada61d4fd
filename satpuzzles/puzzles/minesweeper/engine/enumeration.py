"""``--count N`` and ``--unique`` without a mine total, by components instead of one whole-board formula.

Without a total, the layouts of a board are exactly the combinations of a layout of every
connected component of the open counts (components.py) and any value of every unknown cell
no count sees (a "free" cell), since none of these constrain each other. So the board has
the product of its components' numbers of layouts times 2 ** (free cells) layouts, and N
distinct ones are N distinct combinations:

- with k free cells and N <= 2 ** k, one layout and the binary digits of 0..N-1 over the
  first free cells give them, after a single search for the components' layout;
- else the backbone (components.py, exact) tells which components have more than one
  layout (those holding an unforced cell); their layouts are enumerated with blocking
  clauses, each only as far as the product still falls short of N. When every such
  component runs out and the product is below N, the layouts found are all there are:
  a proof, as each run out is the solver's refutation and a component with every cell
  forced has its one layout.
"""

from __future__ import annotations

from math import prod

import numpy as np

from satpuzzles.core.errors import SolverError
from satpuzzles.core.outcome import SolveStats, Timer
from satpuzzles.puzzles.minesweeper.engine import DEFAULT_SOLVER
from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.engine.components import Backbone, component_labels
from satpuzzles.solve.backends import make_backend

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

Unit = tuple[np.ndarray, np.ndarray, list[np.ndarray]]
"""Cells that vary together (rows, columns) and their distinct values, the base layout's first."""


def opened_board(cells: np.ndarray, stats: SolveStats,
                 ) -> tuple[engine.Deduction, tuple[engine.OpenCounts, np.ndarray, np.ndarray] | None]:
    """The propagation and, unless it breaks a count, the open counts and the rows and columns of the cells no
    count sees (each step timed in ``stats``, with the variables and clauses of the counts' formula)."""
    with Timer(stats, "propagate_seconds"):
        deduction = engine.propagate(cells)
    if deduction.broken is not None:
        return deduction, None
    with Timer(stats, "encode_seconds"):
        counts = engine.open_counts(cells, deduction)
        free_r, free_c = np.nonzero(engine.unseen_cells(cells, deduction, counts))
    stats.variables, stats.clauses = int(counts.var.max(initial=0)) + len(free_r), 2 * len(counts.need)
    return deduction, (counts, free_r, free_c)


def enumerate_layouts(cells: np.ndarray, wanted: int, solver_name: str = DEFAULT_SOLVER,
                      ) -> tuple[list[np.ndarray] | None, bool, engine.Deduction, SolveStats]:
    """Up to ``wanted`` distinct layouts meeting every count (no total), whether they are all there are, the
    deduction and the statistics; None for the layouts when there is none."""
    stats = SolveStats(encoding="propagate+components+enumeration", solver=solver_name,
                       stages=["propagate", "components", "enumeration"])
    deduction, opened = opened_board(cells, stats)
    if opened is None:
        return None, True, deduction, stats
    counts, free_r, free_c = opened
    settle = wanted > 1 << len(free_r)  # else the free cells alone give enough (an exact int, however many)
    with Timer(stats, "solve_seconds"):
        backbone = Backbone(cells, counts, solver_name, stats, settle)
        if not backbone.run():
            return None, True, deduction, stats
        base = deduction.mine | (backbone.values[counts.var] & (counts.var > 0))
        units: list[Unit] = [(free_r[i : i + 1], free_c[i : i + 1], [np.zeros(1, bool), np.ones(1, bool)])
                             for i in range(min(len(free_r), max(wanted - 1, 1).bit_length()))]
        if settle:
            _components(counts, backbone, wanted, units, solver_name, stats)
    with Timer(stats, "decode_seconds"):
        layouts = list(_combinations(base, units, wanted))
    return layouts, len(layouts) < wanted, deduction, stats  # fewer: every unit ran out (see the module docstring)


def _components(counts: engine.OpenCounts, backbone: Backbone, wanted: int, units: list[Unit], solver_name: str,
                stats: SolveStats) -> None:
    """Append to ``units`` the layouts of components with an unforced cell until their product reaches ``wanted``
    (short of it only when every such component was enumerated to its end)."""
    labels = component_labels(counts)
    var_label = np.full(len(backbone.values), -1, dtype=np.int64)
    var_label[counts.lits.ravel()] = np.repeat(labels, counts.lits.shape[1])
    var_label[0] = -1
    open_vars = np.flatnonzero(~backbone.forced & (var_label >= 0))
    rows_of, cols_of = np.zeros(len(backbone.values), dtype=np.int64), np.zeros(len(backbone.values), dtype=np.int64)
    r, c = np.nonzero(counts.var)
    rows_of[counts.var[r, c]], cols_of[counts.var[r, c]] = r, c
    product = _layouts(units)
    for label in np.unique(var_label[open_vars]).tolist():
        if product >= wanted:
            return
        limit = -(-wanted // product)
        chosen = labels == label
        involved, local = engine.renumber(counts.lits[chosen])
        n = len(involved) - 1
        values: list[np.ndarray] = []
        with make_backend(solver_name) as backend:
            engine.add_counts(backend, local, counts.need[chosen])
            ids = np.arange(1, n + 1)
            while len(values) < limit:
                stats.sat_calls += 1
                if not backend.solve():
                    break
                model = np.array(backend.model_literals()[:n]) > 0
                values.append(model)
                backend.add_clauses([np.where(model, -ids, ids).tolist()])
        if not values:  # the backbone found a layout of this component
            raise SolverError(f"the solver {solver_name} found no layout of a component it had found one of")
        product *= len(values)
        units.append((rows_of[involved[1:]], cols_of[involved[1:]], values))


def _combinations(base: np.ndarray, units: list[Unit], wanted: int) -> Iterator[np.ndarray]:
    """The first ``wanted`` layouts that put each unit's values into ``base``, in mixed radix (all distinct)."""
    for index in range(min(wanted, _layouts(units))):
        layout = base.copy()
        for rows, cols, values in units:
            index, digit = divmod(index, len(values))
            layout[rows, cols] = values[digit]
        yield layout


def _layouts(units: list[Unit]) -> int:
    """How many layouts the units' values combine into."""
    return prod(len(values) for _, _, values in units)
