"""Loops round one cell or two side by side, banned up front instead of by cut rounds.

A model of the degree clauses is a set of loops, and the first ones a solver finds on a
Tatham Hard board are full of loops round single cells and dominoes (216 loops in the first
model of the 100x100, most of them 4 edges long). Each is cut lazily; banning them all in
the formula (one clause per cell, two per domino) is sound exactly as a cut is: a single
loop that uses every edge of a rectangle's boundary is that boundary, so the ban only
removes the boundary as an answer, and it is added only where the boundary alone breaks a
clue (guarded by that clue's selector, as a cut is) or misses a dot the loop must visit.
On the 12 Tatham Hard boards: cut rounds 210 -> 141, conflicts of the first searches
49,577 -> 35,589 (CaDiCaL 1.9.5; docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from satpuzzles.cnf import Formula
from satpuzzles.geometry import Cell

SHAPES = ((1, 1), (1, 2), (2, 1))
"""(height, width) of the rectangles whose boundaries are banned."""


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
            found = number.get((cr, cc))
            if found is None:
                continue
            clue = found
            inside_rows, inside_cols = r <= cr < r + height, c <= cc < c + width
            if inside_rows and inside_cols:  # sides on the boundary: those facing out of the rectangle
                count = (cr == r) + (cr == r + height - 1) + (cc == c) + (cc == c + width - 1)
            else:
                count = int(inside_rows != inside_cols)  # a cell beside the rectangle, not diagonal to it
            if count != values[clue]:
                return clue
    return next((clue for clue in positive if not near(clue)), None)


_MADE: dict[tuple[int, int, int, int], tuple[list[list[int]], list[list[int]]]] = {}
"""The boundaries of the last board shapes, with the first edge variables they were made from (a batch solves
hundreds of boards of one size in a row); shared by the formulas of that shape, never changed."""
_MADE_KEEP = 12


def _boundaries(h: Sequence[Sequence[int]], v: Sequence[Sequence[int]], height: int,
                width: int) -> list[list[int]]:
    """The negated boundary edges of every placement of one shape, row by row (placement (r, c) at
    ``r * (cols - width + 1) + c``); the lists are shared between boards of one shape: not to be changed."""
    key = (len(v), len(h[0]), height, width)
    made = _MADE.get(key)
    firsts = [list(h[0]), list(v[0])]
    if made is None or made[0] != firsts:
        if len(_MADE) >= _MADE_KEEP:
            _MADE.clear()  # one call, safe beside another thread (Dask workers run tasks in threads)
        made = _MADE[key] = (firsts, _made_boundaries(h, v, height, width))
    return made[1]


def _made_boundaries(h: Sequence[Sequence[int]], v: Sequence[Sequence[int]], height: int,
                     width: int) -> list[list[int]]:
    rows, cols = len(v), len(h[0])
    nh = [[-lit for lit in row] for row in h]
    nv = [[-lit for lit in row] for row in v]
    if (height, width) == (1, 1):
        return [[nh[r][c], nv[r][c + 1], nh[r + 1][c], nv[r][c]] for r in range(rows) for c in range(cols)]
    if (height, width) == (1, 2):
        return [[nh[r][c], nh[r][c + 1], nv[r][c + 2], nh[r + 1][c], nh[r + 1][c + 1], nv[r][c]]
                for r in range(rows) for c in range(cols - 1)]
    return [[nh[r][c], nv[r][c + 1], nv[r + 1][c + 1], nh[r + 2][c], nv[r][c], nv[r + 1][c]]
            for r in range(rows - 1) for c in range(cols)]


def small_loop_bans(formula: Formula, h: Sequence[Sequence[int]], v: Sequence[Sequence[int]], cells: Sequence[Cell],
                    values: Sequence[int], guards: Sequence[int] | None, visit_all: bool) -> None:
    """Ban every boundary of SHAPES that cannot be the answer (with ``guards``, under its broken clue's guard).

    The first positive clue is broken by every boundary that does not reach it, so only the
    placements near it (and all of them on a board without a positive clue) are looked at one by one.
    """
    rows, cols = len(v), len(h[0]) if h else 0
    positive = [clue for clue, value in enumerate(values) if value > 0]
    number = {cell: clue for clue, cell in enumerate(cells)}
    for height, width in SHAPES:
        if height > rows or width > cols:
            continue
        clauses: list[list[int] | None] = list(_boundaries(h, v, height, width))
        across = cols - width + 1
        if positive:
            fr, fc = cells[positive[0]]
            checked = [(r, c) for r in range(max(0, fr - height), min(rows - height, fr + 1) + 1)
                       for c in range(max(0, fc - width), min(across - 1, fc + 1) + 1)]
            if guards is not None:
                clauses = [[*clause, -guards[positive[0]]] for clause in clauses if clause is not None]
        else:
            checked = [(r, c) for r in range(rows - height + 1) for c in range(across)]
        if (height, width) == (1, 1):  # a clue 0-3's own clauses already forbid all four of its sides
            for (r, c), value in zip(cells, values):
                if 0 <= value <= 3:
                    clauses[r * across + c] = None
        for r, c in checked:
            clause = clauses[r * across + c]
            if clause is None:
                continue
            broken = _broken_clue(r, c, height, width, cells, values, positive, number)
            if broken is None and not (visit_all and (height, width) != (rows, cols)):
                clauses[r * across + c] = None  # the boundary alone may be the answer
            elif guards is not None:
                edges = clause[:2 * (height + width)]
                clauses[r * across + c] = edges + [-guards[broken]] if broken is not None else edges
        formula.clauses.extend(filter(None, clauses))  # shared lists (as SingleCycle.clone's): never changed
