"""Slitherlink puzzles with exactly one solution.

A random loop is drawn as the boundary of a random region of cells grown one cell
at a time (kept connected, without holes or corner-to-corner pinches, so that its
boundary is one simple loop). The growth favours cells that touch the region by one
side, so the region grows thin arms and branches rather than a blob; of a few such
regions, the one with the fewest cells far from its loop is kept. Every cell gets its
clue, then clues are dropped, each only when the solver proves the loop is still the
only answer: those with the most clued neighbours first (the border's last). One incremental
solver serves all those checks: each clue is guarded by a selector, the loop itself is
blocked, and "is there another loop?" is asked under the selectors of the clues still
kept. A loop found on the way breaks the clue whose removal was tried, which stays for
good, so it is blocked too. Since the clues before a removal forced the loop, another loop
must break the clue just removed: each check asks for one that does (the same answer, found
near that clue, with fewer cut rounds), and a clue once kept or removed for good becomes a
unit clause instead of an assumption. With --difficulty, the puzzles along the way are graded (by
bisection) and the one with the fewest clues at the level asked for is kept.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from collections.abc import Sequence
from itertools import combinations

from satpuzzles.core.errors import UsageError, VerificationError
from satpuzzles.core.outcome import Settings, SolveStats
from satpuzzles.core.spec import Generator, Option, Progress, naming_of
from satpuzzles.constraints.near_loop import NearLoop
from satpuzzles.geometry import Cell, Edge, Grid
from satpuzzles.puzzles.slitherlink.encoding import RULES, SlitherlinkEncoding
from satpuzzles.puzzles.slitherlink.formats import to_text
from satpuzzles.puzzles.slitherlink.loopy import SMALLEST, to_loopy
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance, SlitherlinkSolution
from satpuzzles.puzzles.slitherlink.url import LIMIT, to_url
from satpuzzles.solve.limited import LimitedBackend, SearchLimit
from satpuzzles.solve.loop import lazy_solutions
from satpuzzles.solve.pipeline import run_stages
from satpuzzles.solve.select import ANY, TARGETS, TRIES, Picked, closer, grade_comment, grade_level, pick, shortfall

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_CHECK_CALLS = 30
"""SAT calls one clue-removal check may make; undecided means the clue stays."""
MAX_CHECK_CONFLICTS = 1000
"""Conflicts one SAT call of a check may take; undecided means the clue stays."""
MAX_CHECK_TOTAL = 3000
"""Conflicts all the SAT calls of one check may take together; undecided means the clue stays. With 5,000 a call
and no total (before 2026-11-27), 80 of the 7,500 calls made at 60x60 (seed 1) took 3,000 conflicts or more and
two thirds of the CPU time; with these limits that generation took 39 s instead of 121 s, for 1,457 clues instead
of 1,450 (seed 2: 33 s instead of 40 s; seed 3: 42 s instead of 39 s, and 1,314 clues instead of 1,289). Boards up
to 30x30 gave the same puzzles (docs/generators.md)."""

CHECK_SOLVER = "cadical195 --inprocessing=0"
"""The checks' solver, which stops at its conflict budget. Glucose (the checks' solver before 2026-11-28) looks at its
budget only when it restarts, and holds restarts back while its trail is long: at 60x60 (seed 3) one call given 1,000
conflicts ran 174,249, and 55 checks ran past their 3,000 (1.26 M conflicts in all, against 0.20 M now). Seeds 1-3:
the same puzzles up to 30x30; 60x60 in 72 s of CPU instead of 93-103 s, 40x40 and 50x50 in about the same time with
1-2 % more clues (docs/generators.md). Not interruptible inside a call: Ctrl-C then ends the process by the signal
(docs/reliability.md)."""

REGION_TRIES = 8
"""Regions drawn per loop; the one with the fewest cells far from its boundary is kept."""
FAR_SHARE = 0.05
"""A region whose far cells are at most this share of the board is kept at once."""

RING = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
"""The eight neighbours in ring order: N, NE, E, SE, S, SW, W, NW (even positions are orthogonal)."""


def _can_add(inside: list[list[bool]], r: int, c: int) -> bool:
    """Whether adding cell (r, c) (padded coordinates) keeps the region's boundary one simple loop.

    The cell must touch the region by a side; no diagonal neighbour may touch it by the
    corner alone; and the outside cells beside it must stay one run around it (else the
    region would close around part of the outside).
    """
    ring = [inside[r + dr][c + dc] for dr, dc in RING]
    if not any(ring[0::2]):
        return False
    for corner in (1, 3, 5, 7):
        if ring[corner] and not ring[corner - 1] and not ring[(corner + 1) % 8]:
            return False
    start = ring.index(True)
    runs, touching = 0, False
    for step in range(1, 9):
        position = (start + step) % 8
        if not ring[position]:
            touching |= position % 2 == 0
        elif touching:
            runs, touching = runs + 1, False
    return runs <= 1


def random_region(grid: Grid, rng: random.Random, share: float, thin: float = 1.0) -> set[Cell]:
    """A random connected region of about ``share`` of the cells whose boundary is one simple loop.

    A frontier cell touching the region by k sides is picked with weight ``thin`` ** (k - 1): below 1,
    the region grows arms and branches (thin shapes) rather than a compact blob.
    """
    inside = [[False] * (grid.cols + 2) for _ in range(grid.rows + 2)]
    start = (rng.randrange(grid.rows), rng.randrange(grid.cols))
    region = {start}
    inside[start[0] + 1][start[1] + 1] = True
    target = max(min(2, grid.size), round(share * grid.size))  # a one-cell region would need a clue 4
    # The frontier kept sorted, with each cell's weight beside it: recomputing them all for every draw made
    # growing a 30x30 region quadratic (a fifth of generating the puzzle). The draws are the same.
    weight = [thin ** (k - 1) for k in range(5)]  # by the number of region cells a frontier cell touches
    touching: dict[Cell, int] = {}
    frontier: list[Cell] = []
    weights: list[float] = []

    def joined(cell: Cell) -> None:
        """``cell`` is now in the region: its outside neighbours touch it, and enter the frontier."""
        for n in grid.neighbours4(cell):
            if n in region:
                continue
            touching[n] = touching.get(n, 0) + 1
            at = bisect_left(frontier, n)
            if at < len(frontier) and frontier[at] == n:
                weights[at] = weight[touching[n]]
            else:
                frontier.insert(at, n)
                weights.insert(at, weight[touching[n]])

    joined(start)
    while len(region) < target and frontier:
        at = rng.choices(range(len(frontier)), weights)[0]
        cell = frontier.pop(at)
        del weights[at]
        if not _can_add(inside, cell[0] + 1, cell[1] + 1):
            continue
        region.add(cell)
        inside[cell[0] + 1][cell[1] + 1] = True
        joined(cell)
    return region


def far_cells(grid: Grid, loop: frozenset[Edge]) -> set[Cell]:
    """Cells two or more steps from the loop: neither they nor a side neighbour touch one of its edges."""
    near = {cell for edge in loop for cell in grid.edge_cells(edge)}
    return {cell for cell in grid.cells() if cell not in near and not any(n in near for n in grid.neighbours4(cell))}


def random_loop(grid: Grid, rng: random.Random) -> frozenset[Edge]:
    """The boundary of a random thin region: of up to REGION_TRIES, the one with the fewest far cells."""
    best: tuple[int, frozenset[Edge]] | None = None
    for _ in range(REGION_TRIES):
        loop = boundary(grid, random_region(grid, rng, rng.uniform(0.4, 0.6), rng.uniform(0.2, 0.7)))
        far = len(far_cells(grid, loop))
        if best is None or far < best[0]:
            best = (far, loop)
        if far <= FAR_SHARE * grid.size:
            break
    assert best is not None
    return best[1]


def boundary(grid: Grid, region: set[Cell]) -> frozenset[Edge]:
    """The lattice edges between a region cell and a cell (or the border) outside it."""
    return frozenset(
        edge for edge in grid.edges() if sum(cell in region for cell in grid.edge_cells(edge)) == 1
    )


def all_clues(grid: Grid, loop: frozenset[Edge]) -> dict[Cell, int]:
    """Every cell's clue: how many of its sides the loop uses."""
    return {cell: sum(edge in loop for edge in grid.cell_edges(cell)) for cell in grid.cells()}


class CheckBackend(LimitedBackend):
    """A LimitedBackend whose calls also share ``total_left`` conflicts (None: no total), counted from the solver's own
    statistics after each call: a check whose cut rounds each stay within a call's budget cannot run on for long."""

    def __init__(self) -> None:
        super().__init__(MAX_CHECK_CONFLICTS, CHECK_SOLVER)
        self.total_left: int | None = None

    def solve(self, assumptions: Sequence[int] = ()) -> bool:
        """LimitedBackend.solve within the conflicts left to the check too."""
        if self.total_left is None:
            return super().solve(assumptions)
        if self.total_left <= 0:
            raise SearchLimit("out of the check's conflicts")
        self.conflicts = min(MAX_CHECK_CONFLICTS, self.total_left)
        before = self.statistics().get("conflicts", 0)
        try:
            return super().solve(assumptions)
        finally:
            self.total_left -= self.statistics().get("conflicts", 0) - before


class ClueRemover:
    """One incremental solver deciding whether a subset of a full-clue puzzle's clues still forces its loop."""

    def __init__(self, instance: SlitherlinkInstance, loop: frozenset[Edge]) -> None:
        self.encoding = SlitherlinkEncoding(instance, with_selectors=True)
        self.backend = CheckBackend()
        self.backend.add_clauses(self.encoding.formula.clauses)
        self.backend.add_clauses([self.encoding.block(SlitherlinkSolution(loop))])
        # Every search starts from the loop itself: another loop is then looked for near the clue just removed
        # rather than wherever the last model's saved phases lead (half the SAT calls, the same answers).
        self.backend.phases = [var if edge in loop else -var
                               for edge, var in zip(self.encoding.edges, self.encoding.cycle.edge_vars_list)]
        # and the models, near the loop, are read from where they differ from it (the same loops, a fraction of the walk)
        self.encoding.near = NearLoop(self.encoding.cycle, [index for index, lit in enumerate(self.backend.phases)
                                                            if lit > 0])
        self.stats = SolveStats(solver=CHECK_SOLVER)
        self.values = instance.clues
        self.unsettled = dict.fromkeys(sorted(instance.clues))  # the clues not settled, in order (for assumptions)
        self._next_var = self.encoding.formula.num_vars + 1  # activation literals of the checks, past the formula's

    def forces_loop(self, kept: set[Cell], limited: bool = True, dropped: Cell | None = None) -> bool:
        """True when the solver proves that no loop other than the given one keeps every clue in ``kept``.

        False when it finds another loop, or cannot decide within the check's SAT calls and
        conflicts: with few clues, models of many small loops each need a cut, and some
        proofs get long; keeping such a clue is always safe.

        ``dropped``: a clue whose addition to ``kept`` is known to force the loop (proved earlier).
        Another loop must then break that clue, so the search is asked for one that does: the same
        answer, found near the clue (see negated_clue). Settled clues (see settle) are not assumed:
        ``kept`` must hold every clue settled as kept.
        """
        assumptions = list(map(self.encoding.selectors.__getitem__, filter(kept.__contains__, self.unsettled)))
        if dropped is not None:
            active = self._next_var
            self._next_var += 1
            self.backend.add_clauses(self.negated_clue(dropped, active))
            assumptions.append(active)
        self.backend.calls_left = MAX_CHECK_CALLS if limited else None
        self.backend.conflicts = MAX_CHECK_CONFLICTS if limited else None
        self.backend.total_left = MAX_CHECK_TOTAL if limited else None
        try:
            for other in lazy_solutions(self.encoding, self.backend, self.stats, assumptions=assumptions):
                self.backend.add_clauses([self.encoding.block(other)])
                return False
        except SearchLimit:
            return False
        finally:
            if dropped is not None:
                self.backend.add_clauses([[-active]])  # that check's clauses, off for good
        return True

    def settle(self, cell: Cell, kept: bool) -> None:
        """``cell``'s clue is kept (or removed) for good: a unit clause rather than an assumption in every later check."""
        selector = self.encoding.selectors[cell]
        self.backend.add_clauses([[selector if kept else -selector]])
        del self.unsettled[cell]

    def negated_clue(self, cell: Cell, active: int) -> list[list[int]]:
        """Clauses saying, when ``active`` holds, that ``cell``'s sides do not count its clue: each way of counting it is
        forbidden."""
        r, c = cell
        h, v = self.encoding.h_vars, self.encoding.v_vars
        sides = [h[r][c], v[r][c + 1], h[r + 1][c], v[r][c]]
        return [[-active, *(-side if side in used else side for side in sides)]
                for used in combinations(sides, self.values[cell])]

    def close(self) -> None:
        """Release the solver."""
        self.backend.close()


def removal_order(kept: set[Cell], rng: random.Random) -> list[Cell]:
    """The order to try removing clues: most clued neighbours (of 8) first, else at random.

    With every cell clued, that is the inside cells, then the border's, then the corners': border
    clues, which say most, stay longest. (Measured, 20x20, 5 seeds: this keeps fewer clues than a
    random order or 0s first, and than an order worked out afresh as clues thin out.)
    """
    def crowd(cell: Cell) -> int:
        return sum((cell[0] + dr, cell[1] + dc) in kept for dr, dc in RING)

    order = sorted(kept)
    rng.shuffle(order)
    return sorted(order, key=crowd, reverse=True)


def remove_clues(grid: Grid, full: SlitherlinkInstance, loop: frozenset[Edge], rng: random.Random, floor: int,
                 progress: Progress) -> list[Cell] | None:
    """The clues removed, in order, each while the loop stays provably the only answer (None: it never was)."""
    remover = ClueRemover(full, loop)
    removed: list[Cell] = []
    try:
        kept = set(full.clues)
        if not remover.forces_loop(kept, limited=False):
            return None  # rare: even every clue allows another loop
        for tried, cell in enumerate(removal_order(kept, rng), start=1):
            if len(kept) <= floor:
                break
            kept.discard(cell)
            if remover.forces_loop(kept, dropped=cell):
                removed.append(cell)
            else:
                kept.add(cell)
            remover.settle(cell, kept=cell in kept)
            if tried % 10 == 0:
                progress(f"{grid.cols}x{grid.rows}: {len(kept)} clues kept, {tried} tried")
    finally:
        remover.close()
    return removed


def generate_slitherlink(grid: Grid, rng: random.Random, clues_ratio: float, progress: Progress,
                         target: str = ANY) -> tuple[SlitherlinkInstance, Picked[int] | None]:
    """A puzzle on ``grid`` whose one solution the solver proved, with at least ``clues_ratio`` of the cells clued.

    With a ``target`` level, up to TRIES loops are drawn and, along each one's clue removals, the puzzle with
    the fewest clues graded at most ``target`` is found by bisection; the pick is None without a target.
    """
    floor = math.ceil(clues_ratio * grid.size)
    best: tuple[Picked[int], SlitherlinkInstance, frozenset[Edge]] | None = None
    tries = 0
    while best is None or (target != ANY and not best[0].reached and tries < TRIES):
        loop = random_loop(grid, rng)
        full = SlitherlinkInstance(grid, all_clues(grid, loop))
        removed = remove_clues(grid, full, loop, rng, floor, progress)
        if removed is None:
            continue
        tries += 1

        def puzzle(count: int) -> SlitherlinkInstance:
            gone = set(removed[:count])
            return SlitherlinkInstance(grid, {cell: value for cell, value in full.clues.items() if cell not in gone})

        def level_of(count: int) -> str:
            progress(f"{grid.cols}x{grid.rows}: grading with {grid.size - count} clues")
            return grade_level(RULES, puzzle(count), "slitherlink")

        picked = Picked(len(removed), ANY, False) if target == ANY else pick(range(len(removed) + 1), level_of, target)
        if best is None or closer(best[0], picked, target) is picked:
            best = (picked, puzzle(picked.item), loop)
    picked, instance, loop = best
    if target != ANY and not picked.reached:
        progress(shortfall("Slitherlink puzzle", picked, target, tries))
    prove_unique(instance, loop)
    return instance, None if target == ANY else picked


def check_forms(rows: int, cols: int, options: dict[str, Any]) -> None:
    """Refuse (UsageError), before any work, --url beside --loopy and a --loopy board smaller than Loopy's 3x3."""
    naming = naming_of(options)
    if options.get("url") and options.get("loopy"):
        raise UsageError(f"{naming.flag('url')} and {naming.flag('loopy')} each choose how the puzzle is written: "
                         "give one")
    if options.get("loopy") and min(rows, cols) < SMALLEST:
        raise UsageError(f"{naming.flag('loopy')}: Loopy's square grids are at least {SMALLEST}x{SMALLEST}; this one "
                         f"is {cols}x{rows} (width x height)")


def prove_unique(instance: SlitherlinkInstance, loop: frozenset[Edge]) -> None:
    """Solve ``instance`` afresh with --unique's machinery; raise unless its one solution is ``loop``."""
    settings = Settings(unique=True)
    outcome = run_stages(RULES, instance, settings, "slitherlink")
    found = outcome.solution
    if outcome.uniqueness(settings) is not True or found is None or found.edges != loop:
        raise VerificationError("internal error: a generated Slitherlink puzzle is not unique after all")


def make(rows: int, cols: int, seed: int | None, options: dict[str, Any], progress: Progress) -> str:
    """``generate slitherlink``: a unique puzzle as a grid (headed by its grade with --difficulty), a URL or a Loopy
    game id."""
    check_forms(rows, cols, options)
    target = options.get("difficulty") or ANY
    instance, picked = generate_slitherlink(Grid(rows, cols), random.Random(seed), options["clues_ratio"], progress,
                                            target)
    if options.get("url"):
        return to_url(instance) + "\n"
    if options.get("loopy"):
        return to_loopy(instance) + "\n"
    head = "" if picked is None else grade_comment(picked.level, picked.level if picked.reached else target)
    return head + to_text(instance)


GENERATOR = Generator(
    make=make,
    options=(
        Option("clues_ratio", ("--clues-ratio",), "Stop removing clues at R of the cells clued (0: as few as stay "
               "unique; more clues make easier puzzles).", kind="float", default=0.0, minimum=0, maximum=1,
               metavar="R"),
        Option("difficulty", ("--difficulty",), "Pick the puzzle by its --analyze grade: along the clue removals, "
               "the one with the fewest clues graded at most this level (a few loops tried); the output's first "
               "line is '# grade: LEVEL', saying so when the level was not reached (also warned on stderr). "
               "any (default): as few clues as stay unique, no grading.", kind="choice", choices=(ANY, *TARGETS),
               default=ANY),
        Option("url", ("--url",), "Write each puzzle as a puzz.link URL."),
        Option("loopy", ("--loopy",), "Write each puzzle as a game id of Simon Tatham's Loopy (WxHt0:DESC), to paste "
               "into its Game > Specific (at least 3x3)."),
    ),
    width_first=True,
    limit=LIMIT,
)
