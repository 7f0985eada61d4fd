"""The generator's uniqueness checks: one incremental solver per board shape, each puzzle given as assumptions.

A generator run asks "is there another solution?" hundreds of times on one board, each time of another
puzzle: other endpoints, mostly a path cut or merged. Written without naming the puzzle, the complete
encoding is the same for all of them (as bench/numberlink_shared_solver.py measured for the janko set):
a variable per cell says "this cell is an endpoint", which hangs the degree constraints on it (exactly 1
of its links when it is; otherwise 2, or under open 0 or 2); colours are equal along every used link;
no 2x2 block uses all 4 of its links. A check then only assumes which cells are endpoints and their
labels' colour bits (one solver per colour width, the bits the labels need), and the intended
solution's blocking clause is guarded by a selector literal, assumed for that check and switched off
(a unit clause) after it. What the solver learns is a consequence of the shape formula alone, so it
serves every later check.

Detached cycles: under open a model's are dropped (its cells left empty, the paths are a solution), so
nothing is cut; under fill each is cut by "some link leaves its cells, or one of them is an endpoint",
which holds in every solution of every puzzle on the shape (cells holding no endpoint with no link out are
cycles), so the cut stays for good.

The solver's state depends on the checks before, so a check may find another second solution, or run out
of its limits where a fresh formula would not: the run stays deterministic (one solver per run, the
same checks in the same order), but a seed's puzzle differs from the one a fresh formula per check made.
Every puzzle is proved unique afresh at the end, as before.
"""

from __future__ import annotations

from types import TracebackType

from satpuzzles.cnf.cardinality import direct_exactly_builder
from satpuzzles.constraints.paths import trace
from satpuzzles.core.outcome import SolveStats
from satpuzzles.core.spec import Progress
from satpuzzles.geometry import Cell, Grid
from satpuzzles.puzzles.numberlink.encoding import NumberlinkEncoding
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet, self_touches
from satpuzzles.puzzles.numberlink.shortcuts import shortcut
from satpuzzles.puzzles.numberlink.unique import detour
from satpuzzles.solve.limited import LimitedBackend, SearchLimit
from satpuzzles.solve.loop import lazy_solutions

Path = list[Cell]

MAX_CHECK_CALLS = 50
"""SAT calls (cycle cuts) one uniqueness check may make before it counts as undecided."""
MAX_CHECK_CONFLICTS = 5000
"""Conflicts one SAT call of a check may take before it counts as undecided."""
CHECK_SOLVER = "minisat22"
"""The checks' solver, which stops at its conflict budget and is interrupted by Ctrl-C. Glucose (the checks' solver
before 2026-11-28) looks at its budget only when it restarts: over 50 generations nearly every call that gave up ran
past its 5,000 conflicts, up to 10,446. Whole generations 0.88x the CPU (50x50 and 60x60 0.83x), another puzzle for
most seeds (docs/generators.md)."""
SHARED = True
"""Whether the checks run in one solver per shape (below) rather than a fresh formula each (under no-self-touch
they always do the latter)."""
PUZZLE_UNDER_SELECTOR = False
"""Whether a check states its puzzle (endpoints, colour bits) as binary clauses guarded by the check's selector, that
one literal assumed, rather than assuming each fact. MiniSat opens a decision level per assumption (some 50,000 at
100x100), and every restart and call sets them all again; under the selector they are implied at one level. A learnt
clause that leans on the selector's clauses holds its negation and is switched off with it. Replaying a 100x100
run's 242 checks it saved a quarter of their SAT time (48.8 -> 37.1 s), but whole generations were slower (100x100
seed 1 115 s against 69 s of CPU, 32x32 and 40x40 a little): measured, off (docs/generators.md)."""
STAGED_MERGES = True
"""Whether, under fill, the merges after the cuts are checked in a solver of their own when nothing follows them
(merge_stage.py) rather than in the shared solver. Not under open: there the shared solver's merge checks run out of
conflicts now and then where the stage's decide, which changed the puzzle of 11 of 50 seeds at 10x10 to 30x30."""
STAGED_FROM_CELLS = 4_000
"""Fill boards from this many cells stage their merges: 70x70 seeds 1-2 1.19x and 1.33x faster, 100x100 1.33x, but
50x50 0.90x (seed 1 no gain, seed 2 could not merge a short path and so paid both solvers)."""
SHARED_FILL_FROM_CELLS = 1_000
"""Under fill, smaller boards keep a fresh formula per check: at 30x30 the shared solver measured 4% slower
(12 seeds, median CPU), its checks that run out of conflicts dearer, at 35x35 1.2x and 40x40 1.3x faster."""


def puzzle_of(grid: Grid, paths: list[Path]) -> tuple[NumberlinkInstance, NumberlinkSolution]:
    """The puzzle of these paths, labels 1, 2, ... in reading order of their first ends, and its solution."""
    ordered = sorted(paths, key=lambda path: min(path[0], path[-1]))
    labels = [str(number) for number in range(1, len(ordered) + 1)]
    givens = {end: label for label, path in zip(labels, ordered) for end in (path[0], path[-1])}
    instance = NumberlinkInstance(grid, givens, tuple(labels))
    routes = {
        label: tuple(path if path[0] == instance.endpoints[label][0] else reversed(path))
        for label, path in zip(labels, ordered)
    }
    return instance, NumberlinkSolution(routes)


def cheap_other(instance: NumberlinkInstance, solution: NumberlinkSolution,
                rules: RuleSet) -> NumberlinkSolution | None:
    """Under open with self-touch, another solution found without a solver (a shortcut or a detour), else None."""
    if not rules.fill and rules.self_touch:
        return shortcut(solution) or detour(instance, solution)
    return None


def second_solution(instance: NumberlinkInstance, solution: NumberlinkSolution, rules: RuleSet = RuleSet(),
                    shared: SharedChecks | None = None) -> NumberlinkSolution | None:
    """Another solution under ``rules``, None when the solver proves there is none; SearchLimit if undecided.

    Asked of ``shared`` when given, else of a fresh formula."""
    other = cheap_other(instance, solution, rules)
    if other is not None:
        return other
    if shared is not None:
        return shared.other(instance, solution, MAX_CHECK_CALLS)
    encoding = NumberlinkEncoding(instance, strengthened=False, rules=rules, drop_loops=True)
    with LimitedBackend(MAX_CHECK_CONFLICTS, CHECK_SOLVER) as backend:
        backend.calls_left = MAX_CHECK_CALLS
        backend.add_clauses(encoding.formula.clauses)
        backend.add_clauses([encoding.block(solution)])
        for other in lazy_solutions(encoding, backend, SolveStats(solver=CHECK_SOLVER)):
            return other
    return None


class ShapeSolver:
    """One incremental solver (``conflicts`` per SAT call) for every puzzle on ``grid`` with at most 2**``width``
    labels under ``rules`` (paths may touch themselves)."""

    def __init__(self, grid: Grid, rules: RuleSet, width: int, conflicts: int | None) -> None:
        self.grid, self.rules, self.width = grid, rules, width
        rows, cols = grid.rows, grid.cols
        self.pairs: list[tuple[Cell, Cell]] = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
        self.pairs += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]  # Grid.links() order
        links = len(self.pairs)
        self.link_var = {pair: index + 1 for index, pair in enumerate(self.pairs)}
        self.incident: dict[Cell, list[tuple[int, Cell]]] = {cell: [] for cell in grid.cells()}
        for (u, v), link in self.link_var.items():  # each cell's links, with the cell at their other end
            self.incident[u].append((link, v))
            self.incident[v].append((link, u))
        self.endpoint = {cell: links + 1 + i for i, cell in enumerate(grid.cells())}
        first_colour = links + grid.size + 1
        self.colour = {cell: list(range(first_colour + i * width, first_colour + (i + 1) * width))
                       for i, cell in enumerate(grid.cells())}
        self.top = first_colour + grid.size * width - 1
        used_first = self.top + 1
        if not rules.fill:
            self.top += grid.size
        self.backend = LimitedBackend(conflicts, CHECK_SOLVER)
        self.backend.add_clauses(self._clauses(used_first))

    def _clauses(self, used_first: int) -> list[list[int]]:
        """The shape formula: degrees hung on the endpoint variables, equal colours along used links, no 2x2 cycle."""
        clauses: list[list[int]] = []
        for (u, v), link in self.link_var.items():
            for bu, bv in zip(self.colour[u], self.colour[v]):
                clauses += [[-link, -bu, bv], [-link, bu, -bv]]
        for index, (cell, links) in enumerate(self.incident.items()):
            around = [link for link, _ in links]
            end = self.endpoint[cell]
            if not around:  # a board of one cell, which the generator refuses
                clauses.append([-end])
                continue
            clauses += [[-end, *clause] for clause in direct_exactly_builder(len(around), 1)(*around)]
            if self.rules.fill:
                twos = direct_exactly_builder(len(around), 2)(*around) if len(around) >= 2 else [[]]
                clauses += [[end, *clause] for clause in twos]
                continue
            used = used_first + index  # under open: a cell off the endpoints has 0 or 2 links
            clauses.append([-used, *around])
            for link in around:
                clauses.append([-link, used])
                clauses.append([end, -link, *(other for other in around if other != link)])
            if len(around) >= 3:
                clauses += [[-a, -b, -c] for i, a in enumerate(around) for j, b in enumerate(around[i + 1:], i + 1)
                            for c in around[j + 1:]]
        right = {(r, c): self.link_var[((r, c), (r, c + 1))] for r in range(self.grid.rows)
                 for c in range(self.grid.cols - 1)}
        down = {(r, c): self.link_var[((r, c), (r + 1, c))] for r in range(self.grid.rows - 1)
                for c in range(self.grid.cols)}
        for r in range(self.grid.rows - 1):
            for c in range(self.grid.cols - 1):
                clauses.append([-right[(r, c)], -right[(r + 1, c)], -down[(r, c)], -down[(r, c + 1)]])
        return clauses

    def assumptions(self, instance: NumberlinkInstance) -> list[int]:
        """The puzzle: which cells are endpoints, and their labels' colour bits."""
        givens = instance.givens
        found = [end if cell in givens else -end for cell, end in self.endpoint.items()]
        code = {label: index for index, label in enumerate(instance.labels)}
        for cell, label in givens.items():
            value = code[label]
            found += [bit if value >> b & 1 else -bit for b, bit in enumerate(self.colour[cell])]
        return found

    def other(self, instance: NumberlinkInstance, solution: NumberlinkSolution,
              calls: int | None) -> NumberlinkSolution | None:
        """A solution of ``instance`` other than ``solution``, None when there is none; SearchLimit after ``calls``
        SAT calls or the conflicts of one."""
        return self.search(instance, solution, self.assumptions(instance), calls)

    def search(self, instance: NumberlinkInstance, solution: NumberlinkSolution, facts: list[int],
               calls: int | None) -> NumberlinkSolution | None:
        """ShapeSolver.other with the puzzle stated by ``facts`` (literals assumed, or under PUZZLE_UNDER_SELECTOR
        implied by the check's selector)."""
        backend = self.backend
        self.top += 1
        selector = self.top
        backend.add_clauses([[-selector, *(-self.link_var[link] for link in solution.links())]])
        if PUZZLE_UNDER_SELECTOR:
            backend.add_clauses([[-selector, literal] for literal in facts])
            assumptions = [selector]
        else:
            assumptions = [*facts, selector]
        backend.calls_left = calls
        try:
            while backend.solve(assumptions):
                model = backend.model_literals()
                decoded = trace(instance.endpoints, [pair for pair, lit in zip(self.pairs, model) if lit > 0])
                if self.rules.fill and decoded.loops:
                    backend.add_clauses([self._cut(loop) for loop in decoded.loops])
                    continue
                return NumberlinkSolution(decoded.routes, (), self.rules)
            return None
        finally:
            backend.add_clauses([[-selector]])

    def _cut(self, loop: tuple[Cell, ...]) -> list[int]:
        """Some link leaves the cycle's cells, or one of them is an endpoint (a clause for every puzzle)."""
        inside = set(loop)
        leaving = sorted(link for cell in loop for link, other in self.incident[cell] if other not in inside)
        return [*leaving, *(self.endpoint[cell] for cell in loop)]

    def close(self) -> None:
        """Free the solver."""
        self.backend.close()


class SharedChecks:
    """The solvers of one generator run, one per colour width, made on first use; ``close`` frees them."""

    def __init__(self, grid: Grid, rules: RuleSet, conflicts: int | None) -> None:
        self.grid, self.rules, self.conflicts = grid, rules, conflicts
        self.solvers: dict[int, ShapeSolver] = {}

    def other(self, instance: NumberlinkInstance, solution: NumberlinkSolution,
              calls: int | None) -> NumberlinkSolution | None:
        """ShapeSolver.other in the solver of the instance's colour width."""
        width = max(1, (len(instance.labels) - 1).bit_length())
        if width not in self.solvers:
            self.solvers[width] = ShapeSolver(self.grid, self.rules, width, self.conflicts)
        return self.solvers[width].other(instance, solution, calls)

    def close(self) -> None:
        """Free every solver."""
        for solver in self.solvers.values():
            solver.close()
        self.solvers.clear()


class Checks:
    """The limited uniqueness checks of one generator run on ``grid`` under ``rules``: in one solver per colour
    width (SharedChecks) where paths may touch themselves and SHARED holds (under fill, on boards of
    SHARED_FILL_FROM_CELLS or more), else a fresh formula each. A context manager: the solvers are freed on
    leaving it."""

    def __init__(self, grid: Grid, rules: RuleSet, staged_merges: bool = False) -> None:
        self.grid, self.rules = grid, rules
        shared = SHARED and rules.self_touch and (not rules.fill or grid.size >= SHARED_FILL_FROM_CELLS)
        self.shared = SharedChecks(grid, rules, MAX_CHECK_CONFLICTS) if shared else None
        self.staged_merges = (staged_merges and STAGED_MERGES and self.shared is not None and rules.fill
                              and grid.size >= STAGED_FROM_CELLS)
        self.owed: list[tuple[NumberlinkInstance, NumberlinkSolution]] = []

    def __enter__(self) -> Checks:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self.shared is not None:
            self.shared.close()

    def second_solution(self, instance: NumberlinkInstance, solution: NumberlinkSolution) -> NumberlinkSolution | None:
        """Another solution of ``instance`` under the run's rules, None when there is none; SearchLimit if undecided."""
        self.pay()
        return second_solution(instance, solution, self.rules, self.shared)

    def is_unique(self, paths: list[Path]) -> bool:
        """Whether the check proves, within its limits, that these paths are their puzzle's only solution."""
        if not self.rules.self_touch and self_touches(puzzle_of(self.grid, paths)[1]):
            return False
        try:
            return self.second_solution(*puzzle_of(self.grid, paths)) is None
        except SearchLimit:
            return False

    def decides(self, paths: list[Path], progress: Progress) -> bool:
        """Whether the check decides (either way) if these paths are their puzzle's only solution."""
        progress(f"{self.grid.cols}x{self.grid.rows}: {len(paths)} paths, checking uniqueness")
        try:
            self.second_solution(*puzzle_of(self.grid, paths))
        except SearchLimit:
            return False
        return True

    def pay(self) -> None:
        """Ask the shared solver, in turn, the checks a merge stage answered in its stead (their answers, which the
        stage gave, ignored): it is then in the state it would have reached answering them itself."""
        owed, self.owed = self.owed, []
        for instance, solution in owed:
            assert self.shared is not None
            try:
                self.shared.other(instance, solution, MAX_CHECK_CALLS)
            except SearchLimit:
                pass
