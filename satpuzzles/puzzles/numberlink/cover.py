"""Random covers of a board by paths, for the Numberlink generator: self-avoiding walks, then short paths merged.

Walks start where the free area is narrowest and never touch themselves; a lone cell left over
joins a neighbouring path; :func:`lengthen` then merges paths shorter than asked into neighbours.
"""

from __future__ import annotations

import random
from functools import lru_cache

from satpuzzles.core.errors import UsageError
from satpuzzles.geometry import Cell, Grid

Path = list[Cell]

COVER_ATTEMPTS = 100
"""Random covers tried before giving up on a board (only boards with a lone cell fail)."""


@lru_cache(maxsize=4)
def _neighbours(grid: Grid) -> dict[Cell, list[Cell]]:
    """Each cell's orthogonal neighbours (Grid.neighbours4), looked up rather than made afresh."""
    return {cell: grid.neighbours4(cell) for cell in grid.cells()}


class _Free:
    """The free cells of a cover being drawn, each with its number of free neighbours, kept up to date as cells are
    taken, and grouped by that number: a walk's start (a narrowest free cell) is found without weighing the whole
    board for every walk, which made covering a 100x100 board quadratic. The draws are the same."""

    def __init__(self, near: dict[Cell, list[Cell]]) -> None:
        self.near = near
        self.degree = {cell: len(around) for cell, around in near.items()}
        self.by_degree: list[set[Cell]] = [set() for _ in range(5)]
        for cell, free in self.degree.items():
            self.by_degree[free].add(cell)

    def take(self, cell: Cell) -> None:
        """``cell`` is no longer free: its free neighbours have one free neighbour less."""
        degree, by_degree = self.degree, self.by_degree
        by_degree[degree.pop(cell)].discard(cell)
        for n in self.near[cell]:
            free = degree.get(n)
            if free is not None:
                by_degree[free].discard(n)
                by_degree[free - 1].add(n)
                degree[n] = free - 1

    def narrowest(self) -> list[Cell]:
        """The free cells with the fewest free neighbours, in row-major order."""
        return sorted(next(cells for cells in self.by_degree if cells))


def _walk(free: _Free, owner: dict[Cell, int], rng: random.Random, number: int, max_length: int) -> Path:
    """A random self-avoiding, never self-touching walk over free cells, from a narrowest free cell.

    When it gets stuck it goes on from its first cell, so that few walks stay short.
    """
    near, degree = free.near, free.degree
    path = [rng.choice(free.narrowest())]
    owner[path[0]] = number
    free.take(path[0])
    for _ in range(2):
        while len(path) < max_length:
            here = path[-1]
            steps = [
                cell for cell in near[here]
                if cell not in owner and all(owner.get(n) != number or n == here for n in near[cell])
            ]
            if not steps:
                break
            if rng.random() < 0.75:  # mostly Warnsdorff's rule, which leaves few stranded cells
                fewest = min(map(degree.__getitem__, steps))
                steps = [cell for cell in steps if degree[cell] == fewest]
            path.append(rng.choice(steps))
            owner[path[-1]] = number
            free.take(path[-1])
        path.reverse()
    return path


def _absorb(paths: list[Path], lone: Cell, grid: Grid) -> bool:
    """Join a one-cell path to a neighbouring path: at its end, or by cutting it beside the cell."""
    around = set(_neighbours(grid)[lone])
    for path in paths:
        if len(path) < 2:
            continue
        if path[-1] in around:
            path.append(lone)
            return True
        if path[0] in around:
            path.insert(0, lone)
            return True
    for index, path in enumerate(paths):
        for i in range(1, len(path) - 1):
            if path[i] not in around:
                continue
            if i >= 2:
                paths[index:index + 1] = [path[:i], [lone, *path[i:]]]
                return True
            if i <= len(path) - 3:
                paths[index:index + 1] = [[*path[: i + 1], lone], path[i + 1 :]]
                return True
    return False


def random_cover(grid: Grid, rng: random.Random) -> list[Path]:
    """Paths of two or more cells covering the board."""
    for _ in range(COVER_ATTEMPTS):
        owner: dict[Cell, int] = {}
        paths: list[Path] = []
        free = _Free(_neighbours(grid))
        while len(owner) < grid.size:
            paths.append(_walk(free, owner, rng, len(paths), max_length=grid.rows + grid.cols))
        lone = [path[0] for path in paths if len(path) == 1]
        paths = [path for path in paths if len(path) > 1]
        if all(_absorb(paths, cell, grid) for cell in lone):
            return paths
    raise UsageError(f"cannot cover a {grid.cols}x{grid.rows} board with paths of two or more cells")


def joins(grid: Grid, a: Path, b: Path) -> list[Path]:
    """Every way to join two paths end to end (an end of one beside an end of the other)."""
    return [[*x, *y] for x in (a, a[::-1]) for y in (b, b[::-1]) if y[0] in grid.neighbours4(x[-1])]


def merges(grid: Grid, paths: list[Path], path: Path, min_length: int) -> list[list[Path]]:
    """The covers that merge ``path`` into a neighbour, joins end to end first, leaving no new path under
    ``min_length`` cells.

    A join puts ``path`` and a neighbour whose end meets one of its ends into one path; a takeover
    joins it to the part of a neighbour up to the cell beside one of its ends (the rest goes on alone).
    """
    others = [other for other in paths if other is not path]
    near = _neighbours(grid)
    beside = ((path, set(near[path[-1]])), (path[::-1], set(near[path[0]])))  # each end's neighbours
    touching = beside[0][1] | beside[1][1]
    covers = [[*(p for p in others if p is not other), joined] for other in others
              if other[0] in touching or other[-1] in touching for joined in joins(grid, path, other)]
    for other in others:
        if touching.isdisjoint(other):
            continue
        rest_of = [p for p in others if p is not other]
        for i, cell in enumerate(other):
            for mine, around in beside:
                if cell not in around:
                    continue
                for merged, rest in (([*mine, *reversed(other[: i + 1])], other[i + 1 :]),
                                     ([*mine, *other[i:]], other[:i])):
                    if rest and len(rest) < min_length or not rest and merged in covers:
                        continue
                    covers.append([*rest_of, merged, *([rest] if rest else [])])
    return covers


def lengthen(grid: Grid, paths: list[Path], rng: random.Random, min_length: int) -> bool:
    """Merge every path of fewer than ``min_length`` cells into a neighbour at random; False when some stay short."""
    for _ in range(4 * len(paths) + 10):
        short = [path for path in paths if len(path) < min_length]
        if not short:
            return True
        covers = merges(grid, paths, rng.choice(short), min_length)
        if not covers:
            return False
        paths[:] = rng.choice(covers)
    return all(len(path) >= min_length for path in paths)
