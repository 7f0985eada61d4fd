"""Masyu's rules, written from the puzzle and not from the CNF: the instance, a solution, the verifier.

Draw one closed loop through cell centres, moving between orthogonally adjacent cells,
never crossing or touching itself (every cell has 0 or 2 loop links), through every
circle. On a white circle the loop goes straight and turns in the previous or the next
cell (or both). On a black circle the loop turns and goes straight through the previous
and the next cell. With ``visit_all`` (puzz.link's ``f`` flag) the loop visits every cell.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from typing import Literal

from satpuzzles.geometry import Cell, Grid, Link

Colour = Literal["w", "b"]
WHITE: Colour = "w"
BLACK: Colour = "b"
Step = tuple[int, int]


@dataclass(frozen=True)
class MasyuInstance:
    """A board of white (``w``) and black (``b``) circles."""

    grid: Grid
    circles: dict[Cell, Colour]
    line: int = 1
    visit_all: bool = False


@dataclass(frozen=True)
class MasyuSolution:
    """The loop's links, smaller cell first; empty while the model's loops still need cuts.

    ``loops`` are the model's loops as link indices (in ``Grid.links()`` order), each of
    which misses a circle (or, with ``visit_all``, a cell) and is to be banned.
    """

    edges: frozenset[Link]
    loops: tuple[tuple[int, ...], ...] = ()


def link(a: Cell, b: Cell) -> Link:
    """The link between two cells, smaller cell first."""
    return (a, b) if a <= b else (b, a)


def steps_at(edges: Collection[Link]) -> dict[Cell, set[Step]]:
    """For every cell on the loop, the row/column steps of its links (towards the linked cells)."""
    at: dict[Cell, set[Step]] = defaultdict(set)
    for a, b in edges:
        at[a].add((b[0] - a[0], b[1] - a[1]))
        at[b].add((a[0] - b[0], a[1] - b[1]))
    return at


def is_straight(steps: set[Step]) -> bool:
    """Whether two link steps are opposite (the loop goes straight through the cell)."""
    first, second = sorted(steps)
    return first == (-second[0], -second[1])


def _bad_link(grid: Grid, edge: Link) -> bool:
    (r1, c1), (r2, c2) = edge
    adjacent = abs(r1 - r2) + abs(c1 - c2) == 1
    return not (adjacent and grid.contains(edge[0]) and grid.contains(edge[1]) and edge[0] < edge[1])


def _broken_links(grid: Grid, edges: frozenset[Link], at: dict[Cell, set[Step]]) -> str | None:
    """What makes the links no set of loops at all: none, off the board or not adjacent, a cell of degree 1, 3 or 4."""
    if not edges:
        return "no loop drawn"
    bad = [edge for edge in sorted(edges) if _bad_link(grid, edge)]
    if bad:
        return f"link {bad[0]} does not join two adjacent cells of the board, smaller first"
    odd = next((cell for cell in sorted(at) if len(at[cell]) != 2), None)
    if odd is not None:
        count = len(at[odd])
        return f"cell {odd} has {count} loop link{'' if count == 1 else 's'}"
    return None


def _is_one_loop(edges: frozenset[Link], at: dict[Cell, set[Step]]) -> bool:
    """Whether walking the loop from one cell uses every link (every cell has degree 2)."""
    start = min(at)
    previous, cell, walked = start, start, 0
    while True:
        ahead = [(cell[0] + dr, cell[1] + dc) for dr, dc in sorted(at[cell])]
        previous, cell = cell, ahead[0] if ahead[0] != previous else ahead[1]
        walked += 1
        if cell == start:
            return walked == len(edges)


def _circle_problem(cell: Cell, colour: Colour, at: dict[Cell, set[Step]]) -> str | None:
    """What a circle on the loop breaks (None when it keeps its rule)."""
    if len(at.get(cell, ())) != 2:
        return f"circle at {cell} is not on the loop"
    neighbours_straight = [is_straight(at[(cell[0] + dr, cell[1] + dc)]) for dr, dc in sorted(at[cell])]
    if colour == WHITE:
        if not is_straight(at[cell]):
            return f"white circle at {cell}: the loop turns on it"
        if all(neighbours_straight):
            return f"white circle at {cell}: the loop turns in neither neighbouring cell"
    else:
        if is_straight(at[cell]):
            return f"black circle at {cell}: the loop goes straight through it"
        if not all(neighbours_straight):
            return f"black circle at {cell}: the loop turns right next to it"
    return None


def verify(instance: MasyuInstance, solution: MasyuSolution) -> list[str]:
    """One closed loop, every cell of degree 0 or 2, every circle on it and keeping its rule."""
    grid, edges = instance.grid, solution.edges
    at = steps_at(edges)
    broken = _broken_links(grid, edges, at)
    if broken:
        return [broken]
    problems = [] if _is_one_loop(edges, at) else ["the links form more than one loop"]
    if instance.visit_all and len(at) != grid.size:
        problems.append(f"{grid.size - len(at)} cells are not on the loop")
    for cell, colour in sorted(instance.circles.items()):
        problem = _circle_problem(cell, colour, at)
        if problem:
            problems.append(problem)
    return problems
