"""Loops round one cell or two side by side, banned up front instead of by cut rounds.

A model of the degree clauses is a set of loops, and the first ones a solver finds on a
Tatham Hard board are full of loops round single cells and dominoes (216 loops in the first
model of the 100x100, most of them 4 edges long). Each is cut lazily; banning them all in
the formula (one clause per cell, two per domino) is sound exactly as a cut is: a single
loop that uses every edge of a rectangle's boundary is that boundary, so the ban only
removes the boundary as an answer, and it is added only where the boundary alone breaks a
clue (guarded by that clue's selector, as a cut is) or misses a dot the loop must visit.
On the 12 Tatham Hard boards: cut rounds 210 -> 153, conflicts of the first search
49,577 -> 41,783 (docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from satpuzzles.cnf import Formula
from satpuzzles.geometry import Cell

SHAPES = ((1, 1), (1, 2), (2, 1))
"""(height, width) of the rectangles whose boundaries are banned."""


def rectangles(rows: int, cols: int) -> Iterator[tuple[int, int, int, int]]:
    """Every placement (top row, left column, height, width) of SHAPES on the board."""
    for height, width in SHAPES:
        for r in range(rows - height + 1):
            for c in range(cols - width + 1):
                yield r, c, height, width


def _broken_clue(r: int, c: int, height: int, width: int, cells: Sequence[Cell], values: Sequence[int],
                 positive: Sequence[int], number: dict[Cell, int]) -> int | None:
    """A clue (index into ``cells``) that the rectangle's boundary alone breaks, or None when it keeps them all."""
    def near(clue: int) -> bool:
        cr, cc = cells[clue]
        return r - 1 <= cr <= r + height and c - 1 <= cc <= c + width

    for clue in (positive[0], positive[-1]) if positive else ():
        if not near(clue):  # a positive clue with none of its sides on the boundary
            return clue
    for cr in range(r - 1, r + height + 1):
        for cc in range(c - 1, c + width + 1):
            clue = number.get((cr, cc))
            if clue is None:
                continue
            inside_rows, inside_cols = r <= cr < r + height, c <= cc < c + width
            if inside_rows and inside_cols:  # sides on the boundary: those facing out of the rectangle
                count = (cr == r) + (cr == r + height - 1) + (cc == c) + (cc == c + width - 1)
            else:
                count = int(inside_rows != inside_cols)  # a cell beside the rectangle, not diagonal to it
            if count != values[clue]:
                return clue
    return next((clue for clue in positive if not near(clue)), None)


def small_loop_bans(formula: Formula, h: Sequence[Sequence[int]], v: Sequence[Sequence[int]], cells: Sequence[Cell],
                    values: Sequence[int], guards: Sequence[int] | None, visit_all: bool) -> None:
    """Ban every boundary of SHAPES that cannot be the answer (with ``guards``, under its broken clue's guard)."""
    rows, cols = len(v), len(h[0]) if h else 0
    positive = [clue for clue, value in enumerate(values) if value > 0]
    number = {cell: clue for clue, cell in enumerate(cells)}
    for r, c, height, width in rectangles(rows, cols):
        broken = _broken_clue(r, c, height, width, cells, values, positive, number)
        if broken is None and not (visit_all and (height, width) != (rows, cols)):
            continue  # the boundary alone may be the answer
        clause = [-h[r][c + j] for j in range(width)] + [-h[r + height][c + j] for j in range(width)]
        clause += [-v[r + i][c] for i in range(height)] + [-v[r + i][c + width] for i in range(height)]
        if guards is not None and broken is not None:
            clause.append(-guards[broken])
        formula.add(clause)
