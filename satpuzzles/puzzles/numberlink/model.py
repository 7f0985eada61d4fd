"""Numberlink's rules, written from the puzzle and not from the CNF: the instance, a solution, the verifier.

Join each pair of equal labels by a path of orthogonal steps; paths never cross or share
a cell, and together they fill the board (Flow Free's and Arukone's rule).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from satpuzzles.geometry import Cell, Grid

EMPTY = "."
"""An empty cell in the text formats."""


@dataclass(frozen=True)
class NumberlinkInstance:
    """A board with labelled endpoint pairs; ``line`` is where it starts in the input (for headings)."""

    grid: Grid
    givens: dict[Cell, str]
    labels: tuple[str, ...]
    line: int = 1
    endpoints: dict[str, tuple[Cell, Cell]] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        ends: dict[str, list[Cell]] = {label: [] for label in self.labels}
        for cell, label in sorted(self.givens.items()):
            ends[label].append(cell)
        object.__setattr__(self, "endpoints", {label: (a, b) for label, (a, b) in ends.items()})


@dataclass(frozen=True)
class NumberlinkSolution:
    """Each label's route from one endpoint to the other; ``loops`` are detached cycles (invalid)."""

    routes: dict[str, tuple[Cell, ...]]
    loops: tuple[tuple[Cell, ...], ...] = ()

    def label_grid(self, instance: NumberlinkInstance) -> list[list[str]]:
        """Row-major grid of the label whose path covers each cell."""
        grid = [[EMPTY] * instance.grid.cols for _ in range(instance.grid.rows)]
        for label, route in self.routes.items():
            for r, c in route:
                grid[r][c] = label
        return grid

    def links(self) -> set[tuple[Cell, Cell]]:
        """The used links, each as (smaller cell, larger cell)."""
        used = set()
        for route in self.routes.values():
            for a, b in zip(route, route[1:]):
                used.add((min(a, b), max(a, b)))
        return used


def verify(instance: NumberlinkInstance, solution: NumberlinkSolution) -> list[str]:
    """Check the rules: one simple path per label between its endpoints, disjoint, covering every cell."""
    problems = []
    if solution.loops:
        problems.append(f"{len(solution.loops)} cycle(s) not attached to any endpoint")
    owner: dict[Cell, str] = {}
    for label, (a, b) in instance.endpoints.items():
        route = solution.routes.get(label, ())
        if len(route) < 2 or {route[0], route[-1]} != {a, b}:
            problems.append(f"path {label!r} does not run from {a} to {b}")
            continue
        for (r1, c1), (r2, c2) in zip(route, route[1:]):
            if abs(r1 - r2) + abs(c1 - c2) != 1:
                problems.append(f"path {label!r} jumps from {(r1, c1)} to {(r2, c2)}")
        for cell in route:
            if not instance.grid.contains(cell):
                problems.append(f"path {label!r} leaves the board at {cell}")
            elif cell in owner:
                problems.append(f"cell {cell} is used by {owner[cell]!r} and {label!r}")
            else:
                owner[cell] = label
    if set(solution.routes) - set(instance.labels):
        problems.append("paths for labels that are not on the board")
    empty = [cell for cell in instance.grid.cells() if cell not in owner]
    if empty:
        problems.append(f"{len(empty)} cell(s) not covered, first {empty[0]}")
    return problems
