"""Minesweeper with a ``mines N`` total: one layout with exactly N mines, and the backbone under the total.

The total couples every cell to every other, but mostly loosely: the cells no count sees
take whatever the components leave. So the board is first answered without the total
(components.py): its layout serves when the free cells can hold the rest of the mines, and
its forced cells serve when no component's totals are cut by the board's (its fewest and
most mines, counted exactly; ``unbound``). Otherwise the exact counting of every total
(probability.py) settles the cells, and only when a component is too big to count does
the flip search run against the total, which can be slow: CDCL struggles to move a mine
between far-apart parts of the board. A layout needs the solver with the total as one
cardinality constraint only when the layout without it does not fit (on a 64x64 board whose
total is near its fewest mines, minicard took over 300 s for that one call)."""

from __future__ import annotations

import numpy as np

from satpuzzles.core.outcome import SolveStats, Timer
from satpuzzles.puzzles.minesweeper.engine import DEFAULT_SOLVER, counting, probability, structure
from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.engine.components import (analyze, assemble, find_layout, interchangeable_classes,
                                                               mixed_classes)
from satpuzzles.puzzles.minesweeper.engine.total_bounds import mine_bounds, unbound, within_reach
from satpuzzles.puzzles.minesweeper.engine.total_giant import forced_beside_one_giant
from satpuzzles.puzzles.minesweeper.engine.total_windows import shifted_layout
from satpuzzles.puzzles.minesweeper.model import CellAnalysis
from satpuzzles.solve.backbone import flip_search
from satpuzzles.solve.backends import make_backend

EXTREMES_FACTOR = 4
"""The fewest and most mines of each component are counted within this many times the counting budget of
transitions (a pass that keeps nothing for a backward pass: about 150 ns a transition; a 64x64 board's
component of 1,000 cells took 10-20 M)."""
Settled = tuple[np.ndarray, np.ndarray] | tuple[()] | bool | None
"""What the counting of every total settled: the forced sets, () when over its budget, False for no layout at all,
None when it was not tried."""


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
    quick, counted, without, bounds, fitted = _without_the_total(cells, total, settle, deduction, counts, interior,
                                                                 solver_name, stats)
    if quick is not None or counted is False:
        return quick, deduction, stats
    with Timer(stats, "solve_seconds"), make_backend(solver_name) as backend:
        engine.add_counts(backend, counts.lits, counts.need)
        backend.add_exactly(every.tolist(), remaining)
        values = np.zeros(len(every) + 1, dtype=bool)
        has_var = var > 0
        if fitted is not None:  # the layout without the total, completed by the free cells: no SAT call for one
            values[var[has_var]] = fitted[has_var]
        else:
            stats.sat_calls += 1
            if not backend.solve():
                return None, deduction, stats
            model = np.array(backend.model_literals(), dtype=np.int64)
            values[model[(model > 0) & (model <= len(every))]] = True
        layout = deduction.mine | (values[var] & has_var)
        if not settle:
            return assemble(cells, deduction, layout, np.zeros(cells.shape, dtype=bool)), deduction, stats
        if counted is None and bounds is not None and _past_counting(bounds):
            counted = ()
        if counted is None:  # not tried yet
            counted = probability.forced_with_total(cells, deduction, total, probability.DEFAULT_BUDGET)
        if isinstance(counted, tuple) and counted:
            stats.encoding += "+counting"
            forced_mine, forced_safe = counted
            return assemble(cells, deduction, layout, forced_mine | forced_safe), deduction, stats
        stats.encoding += "+backbone"
        forced = np.zeros(len(every) + 1, dtype=bool)
        if without is None:
            without, _, more = analyze(cells, solver_name)
            assert without is not None
            stats.sat_calls += more.sat_calls
        candidates = _open_without_total(cells, counts, var, values, without)
        shape, extents = bounds or _extents(counts)
        beside = forced_beside_one_giant(counts, shape, extents, remaining, int(interior.sum()), values, candidates,
                                         solver_name)
        if beside is not None:
            stats.encoding = stats.encoding.replace("+backbone", "+component")
            stuck_vars, calls = beside
        else:
            flips = set(np.where(values[candidates], -candidates, candidates).tolist())
            stuck, calls = flip_search(backend, flips)
            stuck_vars = np.abs(np.fromiter(stuck, dtype=np.int64, count=len(stuck)))
        stats.sat_calls += calls
        forced[stuck_vars] = True
    forced[var[without.forced_mine | without.forced_safe]] = True  # forced without the total: forced with it
    forced[0] = False
    return assemble(cells, deduction, layout, forced[var] & has_var), deduction, stats


def seed_layout(cells: np.ndarray, total: int, solver_name: str, stats: SolveStats) -> np.ndarray | None:
    """A layout with exactly ``total`` mines found without a SAT call over the whole board with the total: the
    layout without the total, completed by the cells no count sees or moved window by window; None when neither
    gives one (which proves nothing)."""
    deduction = engine.propagate(cells)
    if deduction.broken is not None:
        return None
    counts = engine.open_counts(cells, deduction)
    interior = engine.unseen_cells(cells, deduction, counts)
    quick = _without_the_total(cells, total, False, deduction, counts, interior, solver_name, stats)[0]
    return None if quick is None else quick.layout


Extents = tuple[structure.Structure, tuple[np.ndarray, np.ndarray, np.ndarray]]
"""The counting structure, and each component's fewest and most mines and whether it was counted."""


def _extents(counts: engine.OpenCounts) -> Extents:
    """The structure and the fewest and most mines of every component the counting's budget reaches."""
    shape = structure.build(counts)
    return shape, counting.extremes(shape, EXTREMES_FACTOR * probability.DEFAULT_BUDGET, partial=True)


def _out_of_reach(counts: engine.OpenCounts, remaining: int, free: int) -> tuple[bool, Extents | None]:
    """Whether ``remaining`` mines are out of the open counts' reach (with ``free`` cells no count sees), by the
    disjoint counts' bounds, else by the components' (counted, or by bands); the extents when they were needed."""
    fewest, most = mine_bounds(counts)
    if not fewest <= remaining <= most + free:
        return True, None
    extents = _extents(counts)
    return not within_reach(counts, extents[0].count_comp, extents[1], remaining, free), extents


def refuted_by_bounds(cells: np.ndarray, total: int, clues: np.ndarray) -> bool:
    """Whether the counts ``clues`` (a mask; the other revealed cells are safe and count nothing) leave no layout
    with ``total`` mines, as the trivial rules and the bounds of with_total show it (no SAT)."""
    deduction = engine.propagate(cells, clues)
    if deduction.broken is not None:
        return True
    counts = engine.open_counts(cells, deduction, clues)
    interior = int(engine.unseen_cells(cells, deduction, counts).sum())
    remaining = total - int(deduction.mine.sum())
    return not 0 <= remaining <= int((counts.var > 0).sum()) + interior or _out_of_reach(counts, remaining, interior)[0]


def _past_counting(extents: Extents) -> bool:
    """Whether the counting of every total would run over its budget: a component the extremes left uncounted
    ran over EXTREMES_FACTOR times that budget (the same transitions) or has too wide a key space for either
    (on a 60x60 board its try cost 6.5 s of a 17.8 s --analyze before giving up)."""
    return EXTREMES_FACTOR >= 1 and not extents[1][2].all()


def _without_the_total(cells: np.ndarray, total: int, settle: bool, deduction: engine.Deduction,
                       counts: engine.OpenCounts, interior: np.ndarray, solver_name: str,
                       stats: SolveStats) -> tuple[CellAnalysis | None, Settled, CellAnalysis | None, Extents | None,
                                                   np.ndarray | None]:
    """The answer from the analysis without the total where the total allows it, and no SAT call with the total.

    A layout found without the total serves when the cells no count sees can hold the rest
    of the mines (0 to all of them). Its forced cells serve when every component is free of
    the total: each of its totals m, from its fewest to its most mines (exact, by counting),
    can be completed to the board's total by layouts of the others at their fewest or most
    and by the free cells (:func:`unbound`). Else the counting's exact sets settle it
    (``forced_with_total``), the second value (see ``Settled``). The third is the analysis without
    the total (with ``settle``), which the flip search starts from; the fourth the extents, where counted;
    the fifth a layout with the total when the free cells completed one and nothing settled the cells (on a
    100x100 board the SAT call with the total for another took 5 s of CPU).
    """
    without: CellAnalysis | None = None
    if settle:
        without, _, more = analyze(cells, solver_name)
        stats.absorb(more)
        if without is None:
            return None, False, None, None, None
        found_layout: np.ndarray | None = without.layout
    else:
        found_layout, _, more = find_layout(cells, solver_name)
        stats.absorb(more)
    if found_layout is None:
        return None, False, None, None, None
    layout = found_layout
    fill = total - int(layout.sum())
    remaining = total - int(deduction.mine.sum())
    extents: Extents | None = None
    if not 0 <= fill <= int(interior.sum()):
        out_of_reach, extents = _out_of_reach(counts, remaining, int(interior.sum()))
        if out_of_reach:
            stats.encoding += "+bounds"
            return None, False, without, extents, None  # no layout: the counts' mines cannot make up the total
        shifted = _shifted(counts, deduction, layout, remaining, int(interior.sum()), solver_name, stats)
        if shifted is None:
            return None, None, without, extents, None  # the SAT call with the total finds a layout
        layout, fill = shifted, total - int(shifted.sum())
    layout = layout.copy()
    free_r, free_c = np.nonzero(interior)
    layout[free_r[:fill], free_c[:fill]] = True
    if without is None:  # not settle
        return assemble(cells, deduction, layout, np.zeros(cells.shape, dtype=bool)), None, None, None, None
    extents = extents or _extents(counts)
    shape, (low, high, counted) = extents
    if counted.all() and unbound(low, high, remaining, int(interior.sum())):
        stats.encoding += "+bounds"
        forced = (without.forced_mine | without.forced_safe) & (counts.var > 0)
        return assemble(cells, deduction, layout, forced), None, without, extents, None
    if _past_counting(extents):
        return None, (), without, extents, layout
    found = probability.forced_with_total(cells, deduction, total, probability.DEFAULT_BUDGET,
                                          (counts, shape, interior))
    if found is None:
        return None, (), without, extents, layout
    stats.encoding += "+counting"
    forced_mine, forced_safe = found
    return assemble(cells, deduction, layout, forced_mine | forced_safe), found, without, extents, None


def _shifted(counts: engine.OpenCounts, deduction: engine.Deduction, layout: np.ndarray, remaining: int, free: int,
             solver_name: str, stats: SolveStats) -> np.ndarray | None:
    """``layout`` with its mines moved window by window until the cells no count sees can make up the total
    (``remaining`` mines beyond the known ones, ``free`` such cells), or None."""
    values = np.zeros(int(counts.var.max(initial=0)) + 1, dtype=bool)
    has_var = counts.var > 0
    values[counts.var[layout & has_var]] = True
    with Timer(stats, "solve_seconds"):
        shifted, calls = shifted_layout(counts, values, remaining - free, remaining, solver_name)
    stats.sat_calls += calls
    if shifted is None:
        return None
    stats.encoding += "+windows"
    return deduction.mine | (shifted[counts.var] & has_var)


def _open_without_total(cells: np.ndarray, counts: engine.OpenCounts, var: np.ndarray, values: np.ndarray,
                        without: CellAnalysis) -> np.ndarray:
    """Variables the total might force: undetermined without it, and not in a class the layout splits.

    Interchangeable cells (the same open counts, or none: the cells no count sees) can swap
    values without changing any count or the total, so a class holding both is open.
    """
    open_vars = var[without.undetermined & (var > 0)]
    classes = interchangeable_classes(cells, counts)
    class_of = np.zeros(len(values), dtype=np.int64)
    class_of[: len(classes)] = classes  # frontier variables; the rest (no count sees them) share class 0
    split = mixed_classes(class_of[open_vars], values[open_vars])
    return open_vars[~split]
