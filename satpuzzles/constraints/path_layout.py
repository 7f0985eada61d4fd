"""What the paths block (constraints/paths.py) holds for a board shape whatever its terminals, built once per shape.

The link variables and clauses that depend only on the board's size, kept for the next puzzle of the same shape,
and the walk that reads routes from a model's used links by cell numbers.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from satpuzzles.cnf.cardinality import direct_exactly_builder

TYPE_CHECKING = False
if TYPE_CHECKING:
    from satpuzzles.cnf.formula import Clause
    from satpuzzles.geometry import Cell, Link


class PathLayout:
    """What the paths block of a board shape holds whatever its terminals, built once per shape and variables.

    The link variables, which links meet at each cell, and, made on first use, each cell's "exactly 1" and
    "exactly 2" of its links and each link's "used -> equal colours" (for a colour block): the janko set's
    270 puzzles come in 10 shapes, and building these clauses was most of encoding them. The lists are shared
    by every formula of the shape, so nothing may change them in place (a Formula only ever appends clauses).
    """

    def __init__(self, rows: int, cols: int, first_right: int, first_down: int) -> None:
        self.rows, self.cols = rows, cols
        self.pairs: list[Link] = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)] + [
            ((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]  # the order of Grid.links()
        across = rows * max(cols - 1, 0)
        self.variables = [*range(first_right, first_right + across),
                          *range(first_down, first_down + len(self.pairs) - across)]
        self.link_var: dict[Link, int] = dict(zip(self.pairs, self.variables))
        self.incident: dict[Cell, list[int]] = defaultdict(list)
        self.cells: list[Cell] = [(r, c) for r in range(rows) for c in range(cols)]
        """The cells in row-major order: a cell's number is its index here."""
        self.cell_links: list[list[int]] = [[] for _ in range(rows * cols)]
        """Per cell number, the indices (in ``pairs``) of its links."""
        self.link_ends: list[tuple[int, int]] = [(u[0] * cols + u[1], v[0] * cols + v[1]) for u, v in self.pairs]
        """Per link, the numbers of its two cells."""
        for index, ((u, v), link) in enumerate(zip(self.pairs, self.variables)):
            self.incident[u].append(link)
            self.incident[v].append(link)
            self.cell_links[u[0] * cols + u[1]].append(index)
            self.cell_links[v[0] * cols + v[1]].append(index)
        self._squares: dict[bool, list[Clause]] = {}
        self._degrees: tuple[list[list[Clause]], list[list[Clause]]] | None = None
        self._equal: dict[tuple[int, int], list[list[Clause]]] = {}

    def walk(self, starts: list[Cell], used: list[int]) -> tuple[list[tuple[Cell, ...]], list[tuple[Cell, ...]]]:
        """The route from each start along the used links (indices in ``pairs``, in increasing order, at most two
        at a cell), then the cycles among the links no route took: what paths.trace gives for them, by cell
        numbers instead of a dictionary of cell pairs (5x faster on the janko set)."""
        size = self.rows * self.cols
        first, second = [-1] * size, [-1] * size
        ends = self.link_ends
        for index in used:
            u, v = ends[index]
            if first[u] < 0:
                first[u] = v
            else:
                second[u] = v
            if first[v] < 0:
                first[v] = u
            else:
                second[v] = u
        seen = bytearray(size)
        cells = self.cells

        def route_from(start: int) -> tuple[Cell, ...]:
            route, here = [start], start
            seen[start] = 1
            while True:  # the first neighbour not yet seen, in the order of the links, as paths.trace steps
                step = first[here]
                if step < 0 or seen[step]:
                    step = second[here]
                    if step < 0 or seen[step]:
                        return tuple(map(cells.__getitem__, route))
                here = step
                seen[here] = 1
                route.append(here)

        routes = [route_from(r * self.cols + c) for r, c in starts]
        loops = [route_from(cell) for index in used for cell in ends[index] if not seen[cell]]
        return routes, loops

    def degrees(self) -> tuple[list[list[Clause]], list[list[Clause]]]:
        """Per cell in row-major order: the clauses of "exactly 1 of its links", and of "exactly 2"."""
        if self._degrees is None:
            ones: list[list[Clause]] = []
            twos: list[list[Clause]] = []
            for r in range(self.rows):
                for c in range(self.cols):
                    links = self.incident[(r, c)]
                    ones.append(direct_exactly_builder(len(links), 1)(*links) if links else [[]])
                    twos.append(direct_exactly_builder(len(links), 2)(*links) if len(links) >= 2 else [[]])
            self._degrees = ones, twos
        return self._degrees

    def squares(self, touchless: bool) -> list[Clause]:
        """No 2x2 block uses all 4 of its links (a detached 4-cycle); ``touchless``: none uses 3 (4 clauses of 3
        literals each, which any 3 of them break), a consequence of paths that never touch themselves."""
        made = self._squares.get(touchless)
        if made is None:
            made = []
            right = self.variables[:self.rows * max(self.cols - 1, 0)]
            down = self.variables[len(right):]
            across = self.cols - 1
            for r in range(self.rows - 1):
                for c in range(self.cols - 1):
                    a, b = -right[r * across + c], -right[(r + 1) * across + c]
                    d, e = -down[r * self.cols + c], -down[r * self.cols + c + 1]
                    if touchless:  # each 3 of the 4, leaving out one in turn
                        made.extend(([b, d, e], [a, d, e], [a, b, e], [a, b, d]))
                    else:
                        made.append([a, b, d, e])
            self._squares[touchless] = made
        return made

    def equal_colours(self, first: int, width: int) -> list[list[Clause]]:
        """Per link: "used -> its cells' colours are equal", colours being ``width`` bits per cell in row-major
        order from variable ``first``."""
        made = self._equal.get((first, width))
        if made is None:
            made = []
            for (u, v), link in zip(self.pairs, self.variables):
                at_u, at_v = first + (u[0] * self.cols + u[1]) * width, first + (v[0] * self.cols + v[1]) * width
                same: list[Clause] = []
                for bu, bv in zip(range(at_u, at_u + width), range(at_v, at_v + width)):
                    same.append([-link, -bu, bv])
                    same.append([-link, bu, -bv])
                made.append(same)
            self._equal[(first, width)] = made
        return made


LAYOUT_CACHE_CELLS = 1024
"""Layouts of boards up to this many cells are kept (the last LAYOUT_CACHE_SIZE): a 32x32 one with its clauses
for two colour widths holds about 7 MB, a 50x50 one 18 MB, and a large board's encoding costs little beside
its search."""
LAYOUT_CACHE_SIZE = 12
LAST_LAYOUT_CELLS = 10_000
"""The last layout of a larger board up to this many cells (100x100, about 70 MB) is kept too: the generator's
uniqueness checks build the same board's formula hundreds of times (a 36x36 board under open: 206 formulas, a
third of its time), while a batch of large boards of different shapes holds one such layout at a time."""


def layout_of(rows: int, cols: int, first_right: int, first_down: int) -> PathLayout:
    """The layout of a shape whose ``right`` and ``down`` link blocks start at these variables: kept for the
    next puzzle of the shape on small boards (a file or batch of them builds it once), the last one kept on
    larger boards, made afresh on huge ones."""
    if rows * cols <= LAYOUT_CACHE_CELLS:
        return _kept_layout(rows, cols, first_right, first_down)
    if rows * cols <= LAST_LAYOUT_CELLS:
        return _last_layout(rows, cols, first_right, first_down)
    return PathLayout(rows, cols, first_right, first_down)


@lru_cache(maxsize=LAYOUT_CACHE_SIZE)
def _kept_layout(rows: int, cols: int, first_right: int, first_down: int) -> PathLayout:
    """:func:`layout_of` for the boards whose layouts are kept."""
    return PathLayout(rows, cols, first_right, first_down)


@lru_cache(maxsize=1)
def _last_layout(rows: int, cols: int, first_right: int, first_down: int) -> PathLayout:
    """:func:`layout_of` for the larger boards, of which the last is kept."""
    return PathLayout(rows, cols, first_right, first_down)
