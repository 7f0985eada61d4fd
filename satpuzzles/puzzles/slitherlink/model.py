"""Slitherlink's rules, written from the puzzle and not from the CNF: the instance, a solution, the verifier.

Draw one closed loop along the edges between the dots; the loop never crosses or touches
itself, and each number counts how many of its cell's four sides the loop uses. With the
``visit_all`` variant (puzz.link's ``f`` flag) the loop passes through every dot.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection

from satpuzzles.core.records import Record
from satpuzzles.core.words import counted
from satpuzzles.geometry import Cell, Edge, Grid, Vertex

UNKNOWN = "?"
"""A clue mark whose number is not given."""

Loop = frozenset[Edge]


class SlitherlinkInstance(Record, frozen=True):
    """A board of clue cells; ``unknown`` cells show '?' (a clue mark without a number)."""

    grid: Grid
    clues: dict[Cell, int]
    unknown: frozenset[Cell] = frozenset()
    visit_all: bool = False
    line: int = 1


class SlitherlinkSolution(Record, frozen=True):
    """The loop's edges; empty while the model's loops still need cuts.

    ``loops`` are the model's loops as edge indices; ``violated`` names, for each,
    a clue it breaks on its own (None only in the visit-every-dot variant, where a
    loop alone is ruled out by the dots it leaves unvisited).
    """

    edges: Loop
    loops: tuple[tuple[int, ...], ...] = ()
    violated: tuple[Cell | None, ...] = ()


def inside_cells(grid: Grid, edges: Collection[Edge]) -> list[list[bool]]:
    """Cells enclosed by the loop: crossing parity of the vertical edges to their left."""
    inside = []
    for r in range(grid.rows):
        row, parity = [], False
        for c in range(grid.cols):
            parity ^= ("v", r, c) in edges
            row.append(parity)
        inside.append(row)
    return inside


def _on_board(grid: Grid, edge: Edge) -> bool:
    kind, r, c = edge
    if kind == "h":
        return 0 <= r <= grid.rows and 0 <= c < grid.cols
    return kind == "v" and 0 <= r < grid.rows and 0 <= c <= grid.cols


def _check_loop(grid: Grid, edges: frozenset[Edge], visit_all: bool) -> list[str]:
    """Rule check: edges on the board, every dot of degree 0 or 2, one closed loop."""
    if not edges:
        return ["no loop drawn"]
    off = [edge for edge in edges if not _on_board(grid, edge)]
    if off:
        return [f"edge {off[0]} is off the board"]
    at: dict[Vertex, list[Edge]] = defaultdict(list)
    for edge in edges:
        kind, r, c = edge
        at[r, c].append(edge)
        at[(r, c + 1) if kind == "h" else (r + 1, c)].append(edge)
    odd = next((vertex for vertex, there in at.items() if len(there) != 2), None)
    if odd is not None:
        return [f"dot {odd} has {counted(len(at[odd]), 'loop edge')}"]
    problems = []
    if visit_all and len(at) != (grid.rows + 1) * (grid.cols + 1):
        problems.append("some dots are not on the loop")
    start = next(iter(edges))
    edge, vertex, walked = start, grid.edge_vertices(start)[1], 0
    while True:
        walked += 1
        first, second = at[vertex]
        edge = second if first == edge else first
        if edge == start:
            break
        kind, r, c = edge
        vertex = (r, c) if vertex != (r, c) else (r, c + 1) if kind == "h" else (r + 1, c)
    if walked != len(edges):
        problems.append("the edges form more than one loop")
    return problems


def verify(instance: SlitherlinkInstance, solution: SlitherlinkSolution) -> list[str]:
    """One closed loop, every dot of degree 0 or 2, every clue's count right."""
    grid = instance.grid
    problems = _check_loop(grid, solution.edges, instance.visit_all)
    edges = solution.edges
    for (r, c), clue in sorted(instance.clues.items()):
        count = (("h", r, c) in edges) + (("v", r, c + 1) in edges) + (("h", r + 1, c) in edges) \
            + (("v", r, c) in edges)
        if count != clue:
            problems.append(f"clue {clue} at {(r, c)} has {counted(count, 'loop side')}")
    return problems
