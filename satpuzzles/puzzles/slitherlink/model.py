"""Slitherlink's rules, written from the puzzle and not from the CNF: the instance, a solution, the verifier.

Draw one closed loop along the edges between the dots; the loop never crosses or touches
itself, and each number counts how many of its cell's four sides the loop uses. With the
``visit_all`` variant (puzz.link's ``f`` flag) the loop passes through every dot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from itertools import chain

from satpuzzles.core.records import Record
from satpuzzles.core.words import counted
from satpuzzles.geometry import Cell, Edge, Grid

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


def _check_loop(grid: Grid, edges: frozenset[Edge], visit_all: bool) -> tuple[list[str], set[int], set[int]]:
    """Rule check: edges on the board, every dot of degree 0 or 2, one closed loop. Also the dots where the loop's
    horizontal edges start (their left end) and where its vertical ones start (their top end), dot (r, c) being
    number ``r * (cols + 1) + c``: the edges as numbers, for the clue counts."""
    if not edges:
        return ["no loop drawn"], set(), set()
    rows, cols = grid.rows, grid.cols
    width = cols + 1
    starts: list[int] = []  # each edge's two dots, in the order of ``edges``
    ends: list[int] = []
    across: set[int] = set()
    down: set[int] = set()
    for edge in edges:
        kind, r, c = edge
        if kind == "h" and 0 <= r <= rows and 0 <= c < cols:
            dot = r * width + c
            across.add(dot)
            ends.append(dot + 1)
        elif kind == "v" and 0 <= r < rows and 0 <= c <= cols:
            dot = r * width + c
            down.add(dot)
            ends.append(dot + width)
        else:
            return [f"edge {edge} is off the board"], across, down
        starts.append(dot)
    degree = Counter(chain.from_iterable(zip(starts, ends)))  # dots in the order the edges reach them
    odd = next((dot for dot, count in degree.items() if count != 2), None)
    if odd is not None:
        return [f"dot {divmod(odd, width)} has {counted(degree[odd], 'loop edge')}"], across, down
    problems = []
    if visit_all and len(degree) != (rows + 1) * width:
        problems.append("some dots are not on the loop")
    # Every dot has two edges: the sum of their positions less one of them is the other (as the sum of an edge's
    # dots less one is the other). Walk from the first edge until it comes back.
    pair = [0] * ((rows + 1) * width)
    for position, (a, b) in enumerate(zip(starts, ends)):
        pair[a] += position
        pair[b] += position
    position, dot, walked = 0, ends[0], 1
    while (position := pair[dot] - position) != 0:
        walked += 1
        dot = starts[position] + ends[position] - dot
    if walked != len(starts):
        problems.append("the edges form more than one loop")
    return problems, across, down


def verify(instance: SlitherlinkInstance, solution: SlitherlinkSolution) -> list[str]:
    """One closed loop, every dot of degree 0 or 2, every clue's count right."""
    grid = instance.grid
    edges = solution.edges
    problems, across, down = _check_loop(grid, edges, instance.visit_all)
    if problems and problems[0].endswith("off the board"):  # counted from the edges themselves
        across, down = _numbered(grid, edges)
    width = grid.cols + 1
    for (r, c), clue in sorted(instance.clues.items()):
        dot = r * width + c  # the cell's top left dot: its top and left sides start there
        count = (dot in across) + (dot + 1 in down) + (dot + width in across) + (dot in down)
        if count != clue:
            problems.append(f"clue {clue} at {(r, c)} has {counted(count, 'loop side')}")
    return problems


def _numbered(grid: Grid, edges: Collection[Edge]) -> tuple[set[int], set[int]]:
    """The starting dots of the horizontal and of the vertical edges on the board among ``edges``."""
    width = grid.cols + 1
    across = {r * width + c for kind, r, c in edges if kind == "h" and 0 <= r <= grid.rows and 0 <= c < grid.cols}
    down = {r * width + c for kind, r, c in edges if kind == "v" and 0 <= r < grid.rows and 0 <= c <= grid.cols}
    return across, down
