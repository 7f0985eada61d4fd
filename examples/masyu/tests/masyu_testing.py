"""Shared helpers of the Masyu tests: the CLI in-process, the pipeline, and Masyu's rules by brute force.

The brute force is written apart from the plugin: loops are enumerated as simple cycles
of the grid graph by depth-first search, and the circle rules are read off the loop as a
cyclic sequence of cells (where the plugin's verifier works on links per cell).
"""

from __future__ import annotations

import random
from functools import cache

from satpuzzles_masyu import SPEC
from satpuzzles_masyu.model import MasyuInstance, MasyuSolution

from satpuzzles.core.outcome import Outcome, Settings
from satpuzzles.geometry import Cell, Grid, Link
from satpuzzles.solve.pipeline import solve
from satpuzzles.testing import Run, run_cli

__all__ = ["Run", "all_loops", "brute_force", "keeps_rules", "random_instance", "run_cli", "solve_masyu"]

Loop = frozenset[Link]


def solve_masyu(instance: MasyuInstance, settings: Settings) -> Outcome[MasyuSolution]:
    """The pipeline's outcome (every solution verified by the plugin's rules)."""
    return solve(SPEC.rules, instance, settings, "masyu")


def _link(a: Cell, b: Cell) -> Link:
    return (a, b) if a < b else (b, a)


@cache
def all_loops(rows: int, cols: int) -> tuple[Loop, ...]:
    """Every simple cycle of the rows x cols grid graph, as its set of links."""
    grid = Grid(rows, cols)
    found: set[Loop] = set()

    def extend(start: Cell, path: list[Cell], seen: set[Cell]) -> None:
        for following in grid.neighbours4(path[-1]):
            if following == start and len(path) >= 4:
                found.add(frozenset(_link(a, b) for a, b in zip(path, [*path[1:], start])))
            elif following > start and following not in seen:
                seen.add(following)
                path.append(following)
                extend(start, path, seen)
                path.pop()
                seen.remove(following)

    for start in grid.cells():
        extend(start, [start], {start})
    return tuple(sorted(found, key=sorted))


@cache
def cyclic_order(loop: Loop) -> tuple[Cell, ...]:
    """The loop's cells in the order the loop visits them."""
    next_to: dict[Cell, list[Cell]] = {}
    for a, b in loop:
        next_to.setdefault(a, []).append(b)
        next_to.setdefault(b, []).append(a)
    start = min(next_to)
    order, previous, cell = [start], None, start
    while True:
        cell, previous = next((c for c in next_to[cell] if c != previous), None) or next_to[cell][0], cell
        if cell == start:
            return tuple(order)
        order.append(cell)


@cache
def turns(loop: Loop) -> dict[Cell, bool]:
    """For every cell of the loop, whether the loop turns there."""
    order = cyclic_order(loop)
    n = len(order)
    result = {}
    for i, (r, c) in enumerate(order):
        (pr, pc), (nr, nc) = order[i - 1], order[(i + 1) % n]
        result[(r, c)] = (nr - r, nc - c) != (r - pr, c - pc)
    return result


def keeps_rules(instance: MasyuInstance, loop: Loop) -> bool:
    """Masyu's rules for one loop, read along the loop."""
    order = cyclic_order(loop)
    turn = turns(loop)
    if instance.visit_all and len(order) != instance.grid.size:
        return False
    position = {cell: i for i, cell in enumerate(order)}
    for cell, colour in instance.circles.items():
        if cell not in position:
            return False
        i = position[cell]
        before, after = turn[order[i - 1]], turn[order[(i + 1) % len(order)]]
        if colour == "w" and (turn[cell] or not (before or after)):
            return False
        if colour == "b" and (not turn[cell] or before or after):
            return False
    return True


def brute_force(instance: MasyuInstance) -> set[Loop]:
    """Every solution, by trying every loop of the board."""
    return {loop for loop in all_loops(instance.grid.rows, instance.grid.cols) if keeps_rules(instance, loop)}


def random_instance(rng: random.Random, rows: int, cols: int) -> MasyuInstance:
    """Random circles: either anywhere, or some of those one random loop keeps (so it is solvable)."""
    grid = Grid(rows, cols)
    loops = all_loops(rows, cols)
    if loops and rng.random() < 0.5:
        loop = rng.choice(loops)
        turn = turns(loop)
        allowed = {}
        for cell in turn:
            for colour in "wb":
                if keeps_rules(MasyuInstance(grid, {cell: colour}), loop):
                    allowed[cell] = colour
        chosen = rng.sample(sorted(allowed), min(len(allowed), rng.randint(1, 4)))
        return MasyuInstance(grid, {cell: allowed[cell] for cell in chosen})
    cells = list(grid.cells())
    chosen = rng.sample(cells, min(len(cells), rng.randint(0, 4)))
    return MasyuInstance(grid, {cell: rng.choice("wb") for cell in chosen}, visit_all=rng.random() < 0.1)
