"""The Numberlink generator's covers and cuts draw as their plain definitions do, only faster.

A walk starts at a free cell with the fewest free neighbours (ties drawn among them in row-major order) and mostly
steps to a neighbour with the fewest (Warnsdorff); a cut ranks cells by (longer path first, a random number drawn
for each cell in turn). The generator keeps the free counts up to date and ranks only as far as it needs, so a seed
must still give the very covers and cuts the definitions give (the same puzzles as before the speed-up).
"""

from __future__ import annotations

import random

import pytest

from satpuzzles.geometry import Cell, Grid
from satpuzzles.puzzles.numberlink.cover import Path, _absorb, random_cover
from satpuzzles.puzzles.numberlink.cuts import cells_of, cut, cut_near


def _plain_walk(grid: Grid, owner: dict[Cell, int], rng: random.Random, number: int, max_length: int) -> Path:
    """The walk as first written: every free cell's free neighbours counted afresh."""
    def free(cell: Cell) -> int:
        return sum(n not in owner for n in grid.neighbours4(cell))

    degree = {cell: free(cell) for cell in grid.cells() if cell not in owner}
    narrowest = min(degree.values())
    path = [rng.choice([cell for cell, count in degree.items() if count == narrowest])]
    owner[path[0]] = number
    for _ in range(2):
        while len(path) < max_length:
            here = path[-1]
            steps = [cell for cell in grid.neighbours4(here)
                     if cell not in owner and all(owner.get(n) != number or n == here for n in grid.neighbours4(cell))]
            if not steps:
                break
            if rng.random() < 0.75:
                fewest = min(map(free, steps))
                steps = [cell for cell in steps if free(cell) == fewest]
            path.append(rng.choice(steps))
            owner[path[-1]] = number
        path.reverse()
    return path


@pytest.mark.parametrize("seed", range(8))
def test_a_cover_is_the_plain_walks_cover(seed: int) -> None:
    shape = random.Random(seed)
    grid = Grid(shape.randint(2, 16), shape.randint(2, 16))
    twin = random.Random(seed)
    while True:  # random_cover's attempts, with the plain walk
        owner: dict[Cell, int] = {}
        walks: list[Path] = []
        while len(owner) < grid.size:
            walks.append(_plain_walk(grid, owner, twin, len(walks), grid.rows + grid.cols))
        lone = [walk[0] for walk in walks if len(walk) == 1]
        walks = [walk for walk in walks if len(walk) > 1]
        if all(_absorb(walks, cell, grid) for cell in lone):
            break
    rng = random.Random(seed)
    assert random_cover(grid, rng) == walks and rng.getstate() == twin.getstate()


@pytest.mark.parametrize("seed", range(6))
def test_a_cut_ranks_cells_as_sorting_by_length_then_a_random_draw(seed: int) -> None:
    rng = random.Random(seed)
    grid = Grid(rng.randint(5, 14), rng.randint(5, 14))
    paths = random_cover(grid, rng)
    for step in range(25):
        cells = cells_of(paths) if step % 2 else set(rng.sample(sorted(cells_of(paths)), 7))
        shortests = [3, 2] if step % 3 else [2]
        twin = random.Random()
        twin.setstate(rng.getstate())
        plain = [list(path) for path in paths]
        length = {cell: len(path) for path in plain for cell in path}
        near = sorted(cells, key=lambda cell: (-length[cell], twin.random()))
        done = any(cut(plain, cell, shortest) for shortest in shortests for cell in near)
        assert cut_near(paths, cells, rng, shortests) == done
        assert paths == plain and rng.getstate() == twin.getstate()
