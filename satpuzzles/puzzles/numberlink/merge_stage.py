"""The generator's merge checks after the cuts: a solver of their own, the paths no merge can change given as units.

After the repair the generator merges each path shorter than --min-length into a neighbour where the puzzle stays
unique (generator.unique_cover), a check for each candidate cover: 169 checks in the 100x100 run of seed 1. Asked
of the shared solver (generator_checks.py) each assumed the whole puzzle, some 50,000 literals that MiniSat sets
again at every backjump into them and every restart: 270 ms a proof of 160 conflicts. Yet only paths near the
short ones change in that stage: a merge joins a short path to a neighbour with a cell beside one of its ends (the
whole neighbour, or its part up to that cell, the rest going on alone) and leaves no new short path, so every
cover of the stage keeps the other paths as they were and splits the rest, the *moving* cells, among its own.

A stage solver holds the shape formula (ShapeSolver) and, as unit clauses, the facts of the paths that stay: their
ends are endpoints, their inner cells are not, and each has a colour code of its own at both ends. A check assumes
only the moving cells' facts (the moving paths coded past the staying ones) and blocks its intended solution under
a selector, as the shared solver does. What it learns holds for every cover of the stage.

A seed's puzzle must not change. The stage and the shared solver give the same answer (another solution or none)
wherever neither runs out of its limits, and a check the stage cannot decide is asked of the shared solver. The
shared solver's state steers its later answers, so it is owed every question the stage answered: it hears them, in
order, before it next answers anything (Checks.pay), which happens only when a short path cannot be merged (a fresh
cover follows); generate_numberlink stages merges only when no joins follow them. Under open the shared solver's
merge checks run out of conflicts now and then where the stage's decide (another puzzle for 11 of 50 seeds at 10x10
to 30x30), so merges are staged under fill only, where in 18 seeds at 32x32 to 40x40 and at 100x100 they did not,
and on boards of STAGED_FROM_CELLS or more (below, the stage gained little and a failed merge pays both solvers).
"""

from __future__ import annotations

from contextlib import contextmanager

from satpuzzles.geometry import Cell, Grid
from satpuzzles.puzzles.numberlink.generator_checks import (
    MAX_CHECK_CALLS,
    MAX_CHECK_CONFLICTS,
    Checks,
    ShapeSolver,
    cheap_other,
    puzzle_of,
)
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance, NumberlinkSolution, RuleSet
from satpuzzles.solve.limited import SearchLimit

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

Path = list[Cell]


def _key(path: Path) -> tuple[Cell, ...]:
    """A path the same read from either end."""
    return tuple(path) if path[0] <= path[-1] else tuple(reversed(path))


def moving_cells(grid: Grid, paths: list[Path], min_length: int) -> set[Cell]:
    """The cells a merge of the short paths of ``paths`` (and of the covers it leads to) can change: the short paths'
    and those of every path with a cell beside an end of a short path."""
    short = [path for path in paths if len(path) < min_length]
    beside = {cell for path in short for end in (path[0], path[-1]) for cell in grid.neighbours4(end)}
    return {cell for path in paths if len(path) < min_length or not beside.isdisjoint(path) for cell in path}


class MergeStage:
    """The merge checks that start from the cover ``paths`` on ``grid`` under ``rules`` (paths may touch themselves),
    ``conflicts`` per SAT call; ``close`` frees the solver."""

    def __init__(self, grid: Grid, rules: RuleSet, paths: list[Path], min_length: int, conflicts: int | None) -> None:
        self.moving = moving_cells(grid, paths, min_length)
        staying = [path for path in paths if self.moving.isdisjoint(path)]
        self.staying = {_key(path) for path in staying}
        width = max(1, (len(paths) - 1).bit_length())
        self.codes = 2 ** width
        self.shape = ShapeSolver(grid, rules, width, conflicts)
        units = [fact for code, path in enumerate(staying) for fact in self._facts(path, code)]
        self.shape.backend.add_clauses([[fact] for fact in units])

    def _facts(self, path: Path, code: int) -> list[int]:
        """The path's cells endpoints at its ends only, its ends coloured ``code``."""
        endpoint, colour = self.shape.endpoint, self.shape.colour
        facts = [endpoint[path[0]], endpoint[path[-1]], *(-endpoint[cell] for cell in path[1:-1])]
        return facts + [bit if code >> b & 1 else -bit for end in (path[0], path[-1])
                        for b, bit in enumerate(colour[end])]

    def facts(self, cover: list[Path]) -> list[int] | None:
        """The moving cells' facts under ``cover``; None when the cover changed a staying path (or has more paths
        than codes), which the stage cannot ask."""
        moving = [path for path in cover if _key(path) not in self.staying]
        if len(cover) - len(moving) != len(self.staying) or len(cover) > self.codes:
            return None
        if any(cell not in self.moving for path in moving for cell in path):
            return None
        first = len(self.staying)
        return [fact for code, path in enumerate(moving, first) for fact in self._facts(path, code)]

    def other(self, instance: NumberlinkInstance, solution: NumberlinkSolution, facts: list[int],
              calls: int | None) -> NumberlinkSolution | None:
        """A solution of ``instance`` (whose moving cells ``facts`` state) other than ``solution``, None when there is
        none; SearchLimit after ``calls`` SAT calls or the conflicts of one."""
        return self.shape.search(instance, solution, facts, calls)

    def close(self) -> None:
        """Free the solver."""
        self.shape.close()


@contextmanager
def merging(checks: Checks, paths: list[Path], min_length: int) -> Iterator[Callable[[list[Path]], bool]]:
    """Whether a cover of the merge stage that starts from ``paths`` is unique, as ``checks.is_unique`` tells: in a
    MergeStage when the checks stage their merges, the shared solver owed each question it answered (Checks.pay).

    The two answer alike (another solution exists or not) unless one of them runs out of its limits: a check the
    stage cannot decide, or whose cover it cannot state, is asked of the shared solver."""
    if not checks.staged_merges:
        yield checks.is_unique
        return
    stage = MergeStage(checks.grid, checks.rules, paths, min_length, MAX_CHECK_CONFLICTS)

    def is_unique(cover: list[Path]) -> bool:
        instance, solution = puzzle_of(checks.grid, cover)
        if cheap_other(instance, solution, checks.rules) is not None:
            return False  # found without a solver, as the shared checks do: nothing owed
        facts = stage.facts(cover)
        if facts is not None:
            try:
                other = stage.other(instance, solution, facts, MAX_CHECK_CALLS)
            except SearchLimit:
                return checks.is_unique(cover)
            checks.owed.append((instance, solution))
            return other is None
        return checks.is_unique(cover)

    try:
        yield is_unique
    finally:
        stage.close()
