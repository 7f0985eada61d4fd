"""Rectangular grid geometry shared by every puzzle: cells, links, dots and edges.

Cells are ``(row, col)`` pairs, row 0 at the top. A *link* joins two orthogonally
adjacent cells (Numberlink paths run along links). The dot lattice has
``(rows + 1) x (cols + 1)`` vertices; its *edges* are the unit segments between
dots (Slitherlink loops run along edges): ``("h", r, c)`` joins vertex (r, c) to
(r, c + 1), ``("v", r, c)`` joins vertex (r, c) to (r + 1, c).
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from satpuzzles.core.records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Collection, Iterable, Iterator

    import numpy as np

Cell = tuple[int, int]
Vertex = tuple[int, int]
Link = tuple[Cell, Cell]
Edge = tuple[str, int, int]

ORTHOGONAL: tuple[tuple[int, int], ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""Row/column steps to the up, right, down and left neighbours."""

KING: tuple[tuple[int, int], ...] = tuple(
    (dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)
)
"""Row/column steps to the eight surrounding cells."""


class Grid(Record, frozen=True):
    """A rows x cols board of cells with its dot lattice."""

    rows: int
    cols: int

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    def cells(self) -> Iterator[Cell]:
        """Every cell in row-major order."""
        for r in range(self.rows):
            for c in range(self.cols):
                yield (r, c)

    def contains(self, cell: Cell) -> bool:
        """Whether ``cell`` lies on the board."""
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def index(self, cell: Cell) -> int:
        """Row-major index of ``cell``."""
        return cell[0] * self.cols + cell[1]

    def _around(self, cell: Cell, steps: tuple[tuple[int, int], ...]) -> list[Cell]:
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in steps if 0 <= r + dr < self.rows and 0 <= c + dc < self.cols]

    def neighbours4(self, cell: Cell) -> list[Cell]:
        """Orthogonal neighbours (up, right, down, left) that lie on the board."""
        return self._around(cell, ORTHOGONAL)

    def neighbours8(self, cell: Cell) -> list[Cell]:
        """All up to eight surrounding cells on the board."""
        return self._around(cell, KING)

    def shortest_way(self, starts: Iterable[Cell], goals: Collection[Cell],
                     blocked: Collection[Cell]) -> list[Cell] | None:
        """A shortest way of side-adjacent cells, none of them ``blocked``, from one of ``starts`` to one of
        ``goals`` (breadth first; both ends included), or None when there is none."""
        parent: dict[Cell, Cell | None] = {cell: None for cell in starts if cell not in blocked}
        queue = deque(parent)
        adjacent = _adjacency(self.rows, self.cols)
        while queue:
            here = queue.popleft()
            if here in goals:
                way = [here]
                while (back := parent[way[-1]]) is not None:
                    way.append(back)
                return way[::-1]
            for n in adjacent[here]:
                if n not in parent and n not in blocked:
                    parent[n] = here
                    queue.append(n)
        return None

    def links(self) -> list[Link]:
        """Every pair of orthogonally adjacent cells, once: horizontal links row by row, then vertical."""
        horizontal = [((r, c), (r, c + 1)) for r in range(self.rows) for c in range(self.cols - 1)]
        vertical = [((r, c), (r + 1, c)) for r in range(self.rows - 1) for c in range(self.cols)]
        return horizontal + vertical

    def vertices(self) -> Iterator[Vertex]:
        """Every dot of the lattice in row-major order."""
        for r in range(self.rows + 1):
            for c in range(self.cols + 1):
                yield (r, c)

    def edges(self) -> list[Edge]:
        """Every lattice edge: horizontal ones row by row, then vertical ones."""
        horizontal = [("h", r, c) for r in range(self.rows + 1) for c in range(self.cols)]
        vertical = [("v", r, c) for r in range(self.rows) for c in range(self.cols + 1)]
        return horizontal + vertical

    def cell_edges(self, cell: Cell) -> list[Edge]:
        """The four lattice edges around ``cell``: top, right, bottom, left."""
        r, c = cell
        return [("h", r, c), ("v", r, c + 1), ("h", r + 1, c), ("v", r, c)]

    def vertex_edges(self, vertex: Vertex) -> list[Edge]:
        """The up to four lattice edges meeting at ``vertex``."""
        r, c = vertex
        around: list[Edge] = []
        if r > 0:
            around.append(("v", r - 1, c))
        if c < self.cols:
            around.append(("h", r, c))
        if r < self.rows:
            around.append(("v", r, c))
        if c > 0:
            around.append(("h", r, c - 1))
        return around

    def edge_vertices(self, edge: Edge) -> tuple[Vertex, Vertex]:
        """The two dots an edge joins."""
        kind, r, c = edge
        return ((r, c), (r, c + 1)) if kind == "h" else ((r, c), (r + 1, c))

    def edge_cells(self, edge: Edge) -> list[Cell]:
        """The one or two cells an edge borders."""
        kind, r, c = edge
        sides = [(r - 1, c), (r, c)] if kind == "h" else [(r, c - 1), (r, c)]
        return [cell for cell in sides if self.contains(cell)]


@lru_cache(maxsize=4)
def _adjacency(rows: int, cols: int) -> dict[Cell, list[Cell]]:
    """Each cell's orthogonal neighbours on a rows x cols board (a breadth-first search looks them up often)."""
    grid = Grid(rows, cols)
    return {cell: grid.neighbours4(cell) for cell in grid.cells()}


def around8(array: np.ndarray) -> list[np.ndarray]:
    """The eight neighbour views of a 2-D array (zero/False beyond the edge), one per direction."""
    import numpy as np  # here, not at the top: puzzles on lists of cells never pay for numpy

    rows, cols = array.shape
    padded = np.pad(array, 1)
    return [padded[1 + dr : 1 + dr + rows, 1 + dc : 1 + dc + cols] for dr, dc in KING]


def around8_at(array: np.ndarray, r: np.ndarray, c: np.ndarray) -> np.ndarray:
    """The eight neighbours' values (KING's order, zero/False beyond the edge) of the cells ``(r[i], c[i])``, a row
    per cell."""
    import numpy as np

    padded = np.pad(array, 1)
    return np.stack([padded[1 + r + dr, 1 + c + dc] for dr, dc in KING], axis=1)


def count8(array: np.ndarray) -> np.ndarray:
    """For every cell, how many of its up to eight neighbours are set in ``array``."""
    import numpy as np

    total = np.zeros(array.shape, dtype=np.int16)
    for view in around8(array.astype(np.int16)):
        total += view
    return total


def dilate8(array: np.ndarray) -> np.ndarray:
    """Cells with at least one set neighbour in the boolean ``array``."""
    import numpy as np

    out = np.zeros(array.shape, dtype=bool)
    for view in around8(array):
        out |= view
    return out
