"""Minesweeper with a ``mines N`` total: one layout with exactly N mines, and the backbone under the total.

The total couples every cell to every other. The layout comes from one solver with the
total as one cardinality constraint (a counter circuit grew to millions of clauses at
50x50, so a solver with native cardinality is the one to use). The backbone comes from
exact counting per component combined over the total (probability.py); only when a
component is too big to count does the flip search run against the total, which can be
slow: CDCL struggles to move a mine between far-apart parts of the board.
"""

from __future__ import annotations

import numpy as np

from satpuzzles.core.outcome import SolveStats, Timer
from satpuzzles.puzzles.minesweeper.engine import DEFAULT_SOLVER, probability
from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.engine.components import analyze, assemble, interchangeable_classes, mixed_classes
from satpuzzles.puzzles.minesweeper.model import CellAnalysis
from satpuzzles.solve.backbone import flip_search
from satpuzzles.solve.backends import make_backend


def with_total(cells: np.ndarray, total: int, settle: bool,
               solver_name: str = DEFAULT_SOLVER) -> tuple[CellAnalysis | None, engine.Deduction, SolveStats]:
    """A layout with exactly ``total`` mines (and with ``settle`` the backbone under the total)."""
    stats = SolveStats(encoding="propagate+total", solver=solver_name, stages=["propagate", "total"])
    with Timer(stats, "propagate_seconds"):
        deduction = engine.propagate(cells)
    if deduction.broken is not None:
        return None, deduction, stats
    with Timer(stats, "encode_seconds"):
        counts = engine.open_counts(cells, deduction)
        interior = engine.unseen_cells(cells, deduction, counts)
        var = counts.var.copy()
        first_free = int(var.max(initial=0)) + 1
        var[interior] = np.arange(first_free, first_free + int(interior.sum()))
        every = np.sort(var[var > 0])
        remaining = total - int(deduction.mine.sum())
    stats.variables, stats.clauses = len(every), 2 * len(counts.need) + 2
    if not 0 <= remaining <= len(every):
        return None, deduction, stats
    with Timer(stats, "solve_seconds"), make_backend(solver_name) as backend:
        engine.add_counts(backend, counts.lits, counts.need)
        backend.add_exactly(every.tolist(), remaining)
        stats.sat_calls += 1
        if not backend.solve():
            return None, deduction, stats
        values = np.zeros(len(every) + 1, dtype=bool)
        model = np.array(backend.model_literals(), dtype=np.int64)
        values[model[(model > 0) & (model <= len(every))]] = True
        has_var = var > 0
        layout = deduction.mine | (values[var] & has_var)
        if not settle:
            return assemble(cells, deduction, layout, np.zeros(cells.shape, dtype=bool)), deduction, stats
        counted = probability.forced_with_total(cells, deduction, total, probability.DEFAULT_BUDGET)
        if counted is not None:
            stats.encoding += "+counting"
            forced_mine, forced_safe = counted
            return assemble(cells, deduction, layout, forced_mine | forced_safe), deduction, stats
        stats.encoding += "+backbone"
        forced = np.zeros(len(every) + 1, dtype=bool)
        candidates = _open_without_total(cells, counts, var, values, solver_name, stats)
        flips = set(np.where(values[candidates], -candidates, candidates).tolist())
        stuck, calls = flip_search(backend, flips)
        stats.sat_calls += calls
        forced[np.abs(np.fromiter(stuck, dtype=np.int64, count=len(stuck)))] = True
    without, _, _ = analyze(cells, solver_name)  # cells forced without the total stay forced with it
    assert without is not None
    forced[var[without.forced_mine | without.forced_safe]] = True
    forced[0] = False
    return assemble(cells, deduction, layout, forced[var] & has_var), deduction, stats


def _open_without_total(cells: np.ndarray, counts: engine.OpenCounts, var: np.ndarray, values: np.ndarray,
                        solver_name: str, stats: SolveStats) -> np.ndarray:
    """Variables the total might force: undetermined without it, and not in a class the layout splits.

    Interchangeable cells (the same open counts, or none: the cells no count sees) can swap
    values without changing any count or the total, so a class holding both is open.
    """
    without, _, more = analyze(cells, solver_name)
    assert without is not None
    stats.sat_calls += more.sat_calls
    open_vars = var[without.undetermined & (var > 0)]
    classes = interchangeable_classes(cells, counts)
    class_of = np.zeros(len(values), dtype=np.int64)
    class_of[: len(classes)] = classes  # frontier variables; the rest (no count sees them) share class 0
    split = mixed_classes(class_of[open_vars], values[open_vars])
    return open_vars[~split]
