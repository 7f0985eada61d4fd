"""``--count N`` and ``--unique`` with a ``mines N`` total, by components instead of one whole-board formula.

A layout of the board is a layout of every connected component of the open counts
(components.py) with some number of mines m_i, and r of the F cells no count sees (a
"free" cell) mined, C(F, r) ways, where the m_i and r add up to the total. The exact
counting (counting.py, ``ways by mines``) gives each component's number of layouts with
each m (or, when that is over the budget, the set of its possible m: ``totals``), so the
sets of totals the components from i on can make up are known exactly (sets as the bits of
an int, probability.sums). A depth-first walk then picks, component
by component, an m the rest can still complete to the total and a layout with m mines
(first the component's part of one layout meeting the total, total.py, which needs no
cardinality constraint on most boards; then lazily, by SAT with m as a cardinality
constraint and blocking clauses, kept for the walk's next visit), and at the end r free cells: every branch it enters holds a
layout, so N layouts cost N leaves. When the walk ends short of N, the layouts found are
all there are: each component's layouts with m mines ran out at their counted number (or,
uncounted, at the solver's refutation).

When a component is over the counting budget (or its key space is too big), the whole
board is enumerated with the total as one cardinality constraint, as the cnf method does.
"""

from __future__ import annotations

from contextlib import ExitStack
from itertools import combinations

import numpy as np

from satpuzzles.core.errors import SolverError
from satpuzzles.core.outcome import SolveStats, Timer
from satpuzzles.puzzles.minesweeper.engine import DEFAULT_BUDGET, DEFAULT_SOLVER, bitsets, counting, structure
from satpuzzles.puzzles.minesweeper.engine import propagate as engine
from satpuzzles.puzzles.minesweeper.engine.probability import sums
from satpuzzles.puzzles.minesweeper.engine.enumeration import opened_board
from satpuzzles.puzzles.minesweeper.engine.total import seed_layout, with_total
from satpuzzles.solve.backends import Backend, make_backend

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

EXACT_FLOAT = 1 << 53
"""Counts below this are exact in the counting's floats: a component's layouts with m mines stop there without
a SAT refutation."""


def enumerate_with_total(cells: np.ndarray, total: int, wanted: int, solver_name: str = DEFAULT_SOLVER,
                         budget: int = DEFAULT_BUDGET,
                         ) -> tuple[list[np.ndarray] | None, bool, engine.Deduction, SolveStats]:
    """Up to ``wanted`` distinct layouts meeting every count with exactly ``total`` mines, whether they are all
    there are, the deduction and the statistics; None for the layouts when there is none."""
    stats = SolveStats(encoding="propagate+total+enumeration", solver=solver_name,
                       stages=["propagate", "total", "enumeration"])
    deduction, opened = opened_board(cells, stats)
    if opened is None:
        return None, True, deduction, stats
    counts, free_r, free_c = opened
    with Timer(stats, "encode_seconds"):
        remaining = total - int(deduction.mine.sum())
        shape = structure.build(counts)
    stats.clauses += 2  # the total, at least and at most
    if not 0 <= remaining <= stats.variables:
        return None, True, deduction, stats
    with Timer(stats, "solve_seconds"):
        ways = _ways_by_mines(shape, budget, remaining)
        if ways is None:
            stats.encoding = "propagate+total+board"
            start = seed_layout(cells, total, solver_name, stats)
            layouts, exhausted = _whole_board(counts, deduction, free_r, free_c, remaining, wanted, solver_name,
                                              stats, start)
        else:
            seed, _, more = with_total(cells, total, settle=False, solver_name=solver_name)
            stats.sat_calls += more.sat_calls
            if seed is None:
                return None, True, deduction, stats
            with Walk(counts, shape, ways, deduction.mine, seed.layout, free_r, free_c, solver_name, stats) as walk:
                layouts = walk.layouts(remaining, wanted)
            exhausted = len(layouts) < wanted
    if not layouts:
        return None, True, deduction, stats
    return layouts, exhausted, deduction, stats


def _ways_by_mines(shape: structure.Structure, budget: int, remaining: int) -> np.ndarray | None:
    """Each component's number of layouts with each number of mines (inf where some, not counted: the sets of
    totals alone, which count within the budget on more boards), or None when a component is over the budget."""
    if not shape.components:
        return np.zeros((0, 1))
    found = counting.forward(shape, budget, counting.WAYS_BY_MINES, every=True)
    if found.counted.all():
        return found.layouts
    totals = counting.forward(shape, budget, counting.TOTALS, every=True, most=remaining)
    if not totals.counted.all():
        return None
    sets = [bitsets.to_int(row) for row in totals.layouts]
    ways = np.zeros((shape.components, max(max(bits.bit_length() for bits in sets), 1)))
    for comp, bits in enumerate(sets):
        ways[comp, [m for m in range(bits.bit_length()) if (bits >> m) & 1]] = np.inf
    return ways


class Walk:
    """The depth-first walk over the components' mine counts and layouts (see the module docstring)."""

    def __init__(self, counts: engine.OpenCounts, shape: structure.Structure, ways: np.ndarray, base: np.ndarray,
                 seed: np.ndarray, free_r: np.ndarray, free_c: np.ndarray, solver_name: str,
                 stats: SolveStats) -> None:
        self.counts, self.ways, self.solver_name, self.stats = counts, ways, solver_name, stats
        self.seed = seed
        """A layout meeting every count (with or without the total): each component's part of it is tried first."""
        self.free_r, self.free_c = free_r, free_c
        self.current = base.copy()
        """The layout under construction: each level writes its cells, deeper levels only theirs."""
        self.feasible = [sum(1 << m for m in np.flatnonzero(row > 0).tolist()) for row in ways]
        self.suffix = [(1 << (len(free_r) + 1)) - 1]  # from the last level (the free cells) back to the first
        for bits in reversed(self.feasible):
            self.suffix.append(sums(self.suffix[-1], bits))
        self.suffix.reverse()
        self.count_rows = [np.flatnonzero(shape.count_comp == i) for i in range(shape.components)]
        r, c = np.nonzero(counts.var)
        self.rows_of = np.zeros(int(counts.var.max(initial=0)) + 1, dtype=np.int64)
        self.cols_of = np.zeros_like(self.rows_of)
        self.rows_of[counts.var[r, c]], self.cols_of[counts.var[r, c]] = r, c
        self.found: dict[tuple[int, int], list[np.ndarray]] = {}
        """Layouts of (component, mines) found so far, each over the component's variables in order."""
        self.solvers: dict[tuple[int, int], Backend | None] = {}
        """The solver still enumerating (component, mines); None once they ran out."""
        self.cells: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self.exits = ExitStack()

    def __enter__(self) -> Walk:
        return self

    def __exit__(self, *_: object) -> None:
        self.exits.close()

    def layouts(self, remaining: int, wanted: int) -> list[np.ndarray]:
        """Up to ``wanted`` distinct layouts with ``remaining`` more mines than the base (all there are if fewer)."""
        out: list[np.ndarray] = []
        if not (self.suffix[0] >> remaining) & 1:
            return out
        last = len(self.feasible)
        stack: list[Iterator[int]] = [self._choices(0, remaining)]
        left = [remaining]
        while stack:
            level = len(stack) - 1
            taken = next(stack[-1], None)
            if taken is None:
                stack.pop()
                left.pop()
                continue
            if level == last:
                out.append(self.current.copy())
                if len(out) >= wanted:
                    break
                continue
            left.append(left[level] - taken)
            stack.append(self._choices(level + 1, left[-1]))
        return out

    def _choices(self, level: int, left: int) -> Iterator[int]:
        """Write each choice of this level into ``current`` in turn, yielding its mines: for a component, a layout
        with m mines that the later levels can complete; for the free cells, ``left`` of them."""
        if level == len(self.feasible):
            free_r, free_c = self.free_r, self.free_c
            for chosen in combinations(range(len(free_r)), left):
                self.current[free_r, free_c] = False
                picked = list(chosen)
                self.current[free_r[picked], free_c[picked]] = True
                yield left
            return
        rows, cols = self._cells(level)
        bits, after = self.feasible[level], self.suffix[level + 1]
        seeded = self.seed[rows, cols]
        first = int(seeded.sum())
        self.found.setdefault((level, first), [seeded])
        others = [m for m in range(min(left, bits.bit_length() - 1) + 1) if m != first]
        for m in [first, *others]:  # the seed's count first: its layout needs no SAT call
            if m <= left and (bits >> m) & 1 and (after >> (left - m)) & 1:
                for values in self._component(level, m):
                    self.current[rows, cols] = values
                    yield m

    def _cells(self, comp: int) -> tuple[np.ndarray, np.ndarray]:
        """The rows and columns of a component's variables, in the order of its layouts' values."""
        if comp not in self.cells:
            involved, _ = engine.renumber(self.counts.lits[self.count_rows[comp]])
            self.cells[comp] = self.rows_of[involved[1:]], self.cols_of[involved[1:]]
        return self.cells[comp]

    def _component(self, comp: int, m: int) -> Iterator[np.ndarray]:
        """The layouts of a component with ``m`` mines: those found, then more by SAT until they run out."""
        key = (comp, m)
        found = self.found.setdefault(key, [])
        index = 0
        while True:
            if index < len(found):
                yield found[index]
                index += 1
                continue
            more = self._next_layout(comp, m, found)
            if more is None:
                return
            found.append(more)

    def _next_layout(self, comp: int, m: int, found: list[np.ndarray]) -> np.ndarray | None:
        """One more layout of a component with ``m`` mines, blocking those ``found`` (None when there is none)."""
        key = (comp, m)
        counted = float(self.ways[comp, m])
        if counted < EXACT_FLOAT and len(found) >= counted:
            return None  # all of them, by the exact count
        if key in self.solvers and self.solvers[key] is None:
            return None
        involved, local = engine.renumber(self.counts.lits[self.count_rows[comp]])
        n = len(involved) - 1
        ids = np.arange(1, n + 1)
        backend = self.solvers.get(key)
        if backend is None:
            backend = self.exits.enter_context(make_backend(self.solver_name))
            engine.add_counts(backend, local, self.counts.need[self.count_rows[comp]])
            backend.add_exactly(ids.tolist(), m)
            backend.add_clauses([np.where(values, -ids, ids).tolist() for values in found])
            self.solvers[key] = backend
        self.stats.sat_calls += 1
        if not backend.solve():
            self.solvers[key] = None
            if counted < EXACT_FLOAT:  # the counting said there were more
                raise SolverError(f"the solver {self.solver_name} found {len(found)} layouts of a component with "
                                  f"{m} mines where {int(counted)} were counted")
            return None
        model = np.array(backend.model_literals(), dtype=np.int64)
        values = np.zeros(n + 1, dtype=bool)
        values[model[(model > 0) & (model <= n)]] = True
        backend.add_clauses([np.where(values[1:], -ids, ids).tolist()])
        return values[1:]


def _whole_board(counts: engine.OpenCounts, deduction: engine.Deduction, free_r: np.ndarray, free_c: np.ndarray,
                 remaining: int, wanted: int, solver_name: str, stats: SolveStats,
                 seed: np.ndarray | None) -> tuple[list[np.ndarray], bool]:
    """Up to ``wanted`` layouts from the whole board's open counts with the total as one cardinality constraint
    (blocking clauses), and whether they are all; a ``seed`` layout with the total, when one is known, is the
    solver's preferred phases (pushing the mines toward a tight total alone took minicard past 100 s on a 100x100
    board; from a seed, the first layout costs no conflict and the next few little)."""
    var = counts.var.copy()
    first_free = int(var.max(initial=0)) + 1
    var[free_r, free_c] = np.arange(first_free, first_free + len(free_r))
    n = first_free - 1 + len(free_r)
    ids = np.arange(1, n + 1)
    rows_of, cols_of = np.zeros(n + 1, dtype=np.int64), np.zeros(n + 1, dtype=np.int64)
    r, c = np.nonzero(var)
    rows_of[var[r, c]], cols_of[var[r, c]] = r, c
    layouts: list[np.ndarray] = []
    with make_backend(solver_name) as backend:
        engine.add_counts(backend, counts.lits, counts.need)
        backend.add_exactly(ids.tolist(), remaining)
        if seed is not None:
            backend.set_phases(np.where(seed[rows_of[1:], cols_of[1:]], ids, -ids).tolist())
        while len(layouts) < wanted:
            stats.sat_calls += 1
            if not backend.solve():
                return layouts, True
            model = np.array(backend.model_literals(), dtype=np.int64)
            values = np.zeros(n + 1, dtype=bool)
            values[model[(model > 0) & (model <= n)]] = True
            layout = deduction.mine.copy()
            layout[rows_of[1:], cols_of[1:]] = values[1:]
            layouts.append(layout)
            backend.add_clauses([np.where(values[1:], -ids, ids).tolist()])
    return layouts, False
