"""Widening a solved board: insert an even number of empty rows at a gap and re-route through them.

A solution is held as two boolean arrays of used links: ``right[r, c]`` joins (r, c) to
(r, c+1), ``down[r, c]`` joins (r, c) to (r+1, c). Inserting ``2k`` rows between rows
``g`` and ``g+1``:

- a path crossing the gap (``down[g, x]``) is stretched straight through the new rows;
- under the open rule nothing else is needed: the other new cells stay empty;
- under the fill rule each *segment* of new cells between crossings must be covered, by
  a horizontal link beside it (in row g or g+1, both ends over the segment) detoured
  through it in two zig-zags, or by a crossing path at either end bulging into it in one
  zig-zag (each crossing bulges at most once). When no segment is left over the new board
  is solved; otherwise the gap cannot be widened this way (``None``).

Columns are widened by the same code on the transposed arrays. Every zig-zag runs over an
even number of rows, which is what lets it end beside where it started.
"""

from __future__ import annotations

import numpy as np

Links = tuple[np.ndarray, np.ndarray]
"""(right, down) boolean arrays of a board's used links."""


def _zigzag(right: np.ndarray, down: np.ndarray, top: int, rows: int, first: int, last: int, turn_first: bool) -> None:
    """Join cells of rows top..top+rows-1, columns first..last, into one zig-zag of whole rows.

    Between rows i and i+1 it turns at column ``first`` when i is even and ``turn_first``, else at ``last``
    (and the other way round for odd i), so it starts and ends in the column where row 0 ends.
    """
    right[top : top + rows, first:last] = True
    for i in range(rows - 1):
        column = first if (i % 2 == 0) == turn_first else last
        down[top + i, column] = True


def widen_rows(links: Links, gap: int, count: int, fill: bool) -> Links | None:
    """The solution with ``count`` (even) empty rows inserted after row ``gap``, or None when they cannot be covered."""
    right, down = links
    cols = down.shape[1]
    new_right = np.insert(right, [gap + 1] * count, False, axis=0)
    new_down = np.insert(down, [gap + 1] * count, False, axis=0)
    top = gap + 1  # first new row
    crossing = down[gap].copy()
    new_down[gap + count, crossing] = True  # new_down[gap] keeps the crossings: row gap to the first new row
    if not fill:
        new_down[top : top + count - 1, crossing] = True
        return new_right, new_down
    bulged = np.zeros(cols, dtype=bool)
    column = 0
    while column < cols:
        if crossing[column]:
            column += 1
            continue
        first = column
        while column < cols and not crossing[column]:
            column += 1
        last = column - 1
        if not _cover(right, new_right, new_down, gap, top, count, first, last, crossing, bulged):
            return None
    for x in np.flatnonzero(crossing & ~bulged):
        new_down[top : top + count - 1, x] = True
    return new_right, new_down


def _cover(right: np.ndarray, new_right: np.ndarray, new_down: np.ndarray, gap: int, top: int, count: int,
           first: int, last: int, crossing: np.ndarray, bulged: np.ndarray) -> bool:
    """Cover the new cells of columns first..last: a detoured horizontal link, else a bulging crossing."""
    for row, into, link_row in ((gap, gap, top + count - 1), (gap + 1, top + count - 1, top)):
        inside = np.flatnonzero(right[row, first:last])
        if inside.size == 0:
            continue
        c = first + int(inside[0])
        new_right[row + (count if row == gap + 1 else 0), c] = False
        new_down[into, c] = new_down[into, c + 1] = True
        _zigzag(new_right, new_down, top, count, first, c, turn_first=True)
        _zigzag(new_right, new_down, top, count, c + 1, last, turn_first=False)
        new_right[link_row, c] = True
        return True
    if first > 0 and not bulged[first - 1]:
        x = first - 1
        bulged[x] = True
        _zigzag(new_right, new_down, top, count, x, last, turn_first=False)
        return True
    if last + 1 < len(crossing):
        x = last + 1
        bulged[x] = True
        _zigzag(new_right, new_down, top, count, first, x, turn_first=True)
        return True
    return False


def widen_cols(links: Links, gap: int, count: int, fill: bool) -> Links | None:
    """The solution with ``count`` (even) empty columns inserted after column ``gap``."""
    right, down = links
    widened = widen_rows((down.T, right.T), gap, count, fill)
    return None if widened is None else (np.ascontiguousarray(widened[1].T), np.ascontiguousarray(widened[0].T))
