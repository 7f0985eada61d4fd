"""NearLoop: the loops of a model read from where it differs from a known loop are those a full walk finds."""

from __future__ import annotations

import random

import pytest

from satpuzzles.cnf.model import Model
from satpuzzles.constraints.near_loop import NearLoop
from satpuzzles.geometry import Cell, Grid
from satpuzzles.puzzles.slitherlink.encoding import SlitherlinkEncoding
from satpuzzles.puzzles.slitherlink.generator import boundary, random_region
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance


def _degrees_ok(grid: Grid, edges: frozenset[tuple[str, int, int]]) -> bool:
    """Every dot of degree 0 or 2 (what the loop formula allows a model)."""
    degree: dict[tuple[int, int], int] = {}
    for edge in edges:
        for dot in grid.edge_vertices(edge):
            degree[dot] = degree.get(dot, 0) + 1
    return all(count == 2 for count in degree.values())


def _models(grid: Grid, rng: random.Random, count: int) -> list[set[Cell]]:
    """Cell sets whose boundaries are models: random regions, unions of small ones, a region with cells toggled."""
    sets: list[set[Cell]] = []
    while len(sets) < count:
        kind = rng.randrange(3)
        if kind == 0:
            cells = random_region(grid, rng, rng.uniform(0.1, 0.6), rng.uniform(0.2, 1.0))
        elif kind == 1:
            cells = set().union(*(random_region(grid, rng, 0.05, 1.0) for _ in range(rng.randint(2, 5))))
        else:
            cells = set(sets[-1]) if sets else set()
            for _ in range(rng.randint(1, 4)):
                cells ^= {(rng.randrange(grid.rows), rng.randrange(grid.cols))}
        sets.append(cells)
    return sets


@pytest.mark.parametrize("ordered", [True, False])
@pytest.mark.parametrize("seed", range(6))
def test_near_loop_finds_the_loops_a_walk_finds(seed: int, ordered: bool) -> None:
    rng = random.Random(seed)
    grid = Grid(rng.randint(4, 9), rng.randint(4, 9))
    encoding = SlitherlinkEncoding(SlitherlinkInstance(grid, {}), with_selectors=False)
    cycle, edges = encoding.cycle, encoding.edges
    known = boundary(grid, random_region(grid, rng, 0.5, 0.5))
    near = NearLoop(cycle, [index for index, edge in enumerate(edges) if edge in known])
    tried = 0
    for cells in [*_models(grid, rng, 60), set(), set(grid.cells())]:
        used = boundary(grid, cells)
        if not used or not _degrees_ok(grid, used):
            continue
        literals = [var if edge in used else -var for edge, var in zip(edges, cycle.edge_vars_list)]
        if not ordered:
            literals.reverse()
        model = Model(literals, len(literals), ordered=ordered)
        assert near.loops(model) == cycle.walk(cycle.used(model))
        tried += 1
    known_literals = [var if edge in known else -var for edge, var in zip(edges, cycle.edge_vars_list)]
    model = Model(known_literals, len(known_literals), ordered=True)
    assert near.loops(model) == cycle.walk(cycle.used(model))  # the known loop itself
    assert tried > 20
