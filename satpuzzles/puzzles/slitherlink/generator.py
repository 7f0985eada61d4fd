"""Slitherlink puzzles with exactly one solution.

A random loop is drawn as the boundary of a random region of cells grown one cell
at a time (kept connected, without holes or corner-to-corner pinches, so that its
boundary is one simple loop). Every cell gets its clue, then clues are dropped in
random order, each only when the solver proves the loop is still the only answer.
One incremental solver serves all those checks: each clue is guarded by a selector,
the loop itself is blocked, and "is there another loop?" is asked under the
selectors of the clues still kept. A loop found on the way breaks the clue whose
removal was tried, which stays for good, so it is blocked too.
"""

from __future__ import annotations

import math
import random
from typing import Any

from satpuzzles.core.errors import VerificationError
from satpuzzles.core.outcome import Settings, SolveStats
from satpuzzles.core.spec import Generator, Option, Progress
from satpuzzles.geometry import Cell, Edge, Grid
from satpuzzles.puzzles.slitherlink.encoding import RULES, SlitherlinkEncoding
from satpuzzles.puzzles.slitherlink.formats import to_text
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance, SlitherlinkSolution
from satpuzzles.puzzles.slitherlink.url import to_url
from satpuzzles.solve.limited import LIMITED_SOLVER, LimitedBackend, SearchLimit
from satpuzzles.solve.loop import lazy_solutions
from satpuzzles.solve.pipeline import run_stages

MAX_CHECK_CALLS = 30
"""SAT calls one clue-removal check may make; undecided means the clue stays."""
MAX_CHECK_CONFLICTS = 5000
"""Conflicts one SAT call of a check may take; undecided means the clue stays."""

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


def random_region(grid: Grid, rng: random.Random, share: float) -> set[Cell]:
    """A random connected region of about ``share`` of the cells whose boundary is one simple loop."""
    inside = [[False] * (grid.cols + 2) for _ in range(grid.rows + 2)]
    start = (rng.randrange(grid.rows), rng.randrange(grid.cols))
    region = {start}
    inside[start[0] + 1][start[1] + 1] = True
    target = max(min(2, grid.size), round(share * grid.size))  # a one-cell region would need a clue 4
    frontier = set(grid.neighbours4(start))
    while len(region) < target and frontier:
        cell = rng.choice(sorted(frontier))
        frontier.discard(cell)
        if not _can_add(inside, cell[0] + 1, cell[1] + 1):
            continue
        region.add(cell)
        inside[cell[0] + 1][cell[1] + 1] = True
        frontier.update(n for n in grid.neighbours4(cell) if n not in region)
    return region


def boundary(grid: Grid, region: set[Cell]) -> frozenset[Edge]:
    """The lattice edges between a region cell and a cell (or the border) outside it."""
    return frozenset(
        edge for edge in grid.edges() if sum(cell in region for cell in grid.edge_cells(edge)) == 1
    )


def all_clues(grid: Grid, loop: frozenset[Edge]) -> dict[Cell, int]:
    """Every cell's clue: how many of its sides the loop uses."""
    return {cell: sum(edge in loop for edge in grid.cell_edges(cell)) for cell in grid.cells()}


class ClueRemover:
    """One incremental solver deciding whether a subset of a full-clue puzzle's clues still forces its loop."""

    def __init__(self, instance: SlitherlinkInstance, loop: frozenset[Edge]) -> None:
        self.encoding = SlitherlinkEncoding(instance, with_selectors=True)
        self.backend = LimitedBackend(MAX_CHECK_CONFLICTS)
        self.backend.add_clauses(self.encoding.formula.clauses)
        self.backend.add_clauses([self.encoding.block(SlitherlinkSolution(loop))])
        self.stats = SolveStats(solver=LIMITED_SOLVER)

    def forces_loop(self, kept: set[Cell], limited: bool = True) -> bool:
        """True when the solver proves that no loop other than the given one keeps every clue in ``kept``.

        False when it finds another loop, or cannot decide within the check's SAT calls and
        conflicts: with few clues, models of many small loops each need a cut, and some
        proofs get long; keeping such a clue is always safe.
        """
        assumptions = [self.encoding.selectors[cell] for cell in sorted(kept)]
        self.backend.calls_left = MAX_CHECK_CALLS if limited else None
        self.backend.conflicts = MAX_CHECK_CONFLICTS if limited else None
        try:
            for other in lazy_solutions(self.encoding, self.backend, self.stats, assumptions=assumptions):
                self.backend.add_clauses([self.encoding.block(other)])
                return False
        except SearchLimit:
            return False
        return True

    def close(self) -> None:
        """Release the solver."""
        self.backend.close()


def generate_slitherlink(
    grid: Grid, rng: random.Random, clues_ratio: float, progress: Progress
) -> SlitherlinkInstance:
    """A puzzle on ``grid`` whose one solution the solver proved, with at least ``clues_ratio`` of the cells clued."""
    floor = math.ceil(clues_ratio * grid.size)
    while True:
        loop = boundary(grid, random_region(grid, rng, rng.uniform(0.45, 0.65)))
        full = SlitherlinkInstance(grid, all_clues(grid, loop))
        remover = ClueRemover(full, loop)
        try:
            kept = set(full.clues)
            if not remover.forces_loop(kept, limited=False):
                continue  # rare: even every clue allows another loop; draw a new one
            order = sorted(kept)
            rng.shuffle(order)
            for tried, cell in enumerate(order, start=1):
                if len(kept) <= floor:
                    break
                kept.discard(cell)
                if not remover.forces_loop(kept):
                    kept.add(cell)
                if tried % 10 == 0:
                    progress(f"{grid.cols}x{grid.rows}: {len(kept)} clues kept, {tried} of {len(order)} tried")
        finally:
            remover.close()
        puzzle = SlitherlinkInstance(grid, {cell: full.clues[cell] for cell in kept})
        prove_unique(puzzle, loop)
        return puzzle


def prove_unique(instance: SlitherlinkInstance, loop: frozenset[Edge]) -> None:
    """Solve ``instance`` afresh with --unique's machinery; raise unless its one solution is ``loop``."""
    settings = Settings(unique=True)
    outcome = run_stages(RULES, instance, settings, "slitherlink")
    found = outcome.solution
    if outcome.uniqueness(settings) is not True or found is None or found.edges != loop:
        raise VerificationError("internal error: a generated Slitherlink puzzle is not unique after all")


def make(rows: int, cols: int, seed: int | None, options: dict[str, Any], progress: Progress) -> str:
    """``generate slitherlink``: a unique puzzle as a grid, or as a puzz.link URL with --url."""
    instance = generate_slitherlink(Grid(rows, cols), random.Random(seed), options["clues_ratio"], progress)
    return to_url(instance) + "\n" if options.get("url") else to_text(instance)


GENERATOR = Generator(
    make=make,
    options=(
        Option("clues_ratio", ("--clues-ratio",), "Stop removing clues at R of the cells clued (0: as few as stay "
               "unique; more clues make easier puzzles).", kind="float", default=0.0, minimum=0, maximum=1,
               metavar="R"),
        Option("url", ("--url",), "Write each puzzle as a puzz.link URL."),
    ),
    width_first=True,
)
