"""Column bands: a grid of equal-width cells cut into blocks of columns that fit the terminal, as a wide table is
printed on narrow paper, instead of rows that wrap into a jumble."""

from __future__ import annotations

import shutil
from collections.abc import Sequence


def terminal_columns() -> int:
    """The terminal's width, or ``COLUMNS``, else 80 (where output is not a terminal), as the batch summary uses."""
    return shutil.get_terminal_size((80, 24)).columns


def column_bands(cols: int, cell_width: int, width: int) -> list[range]:
    """The column ranges of the bands: as many cells (joined by one space) as fit ``width``, at least one a band."""
    per_band = max(1, (width + 1) // (cell_width + 1))
    return [range(start, min(cols, start + per_band)) for start in range(0, cols, per_band)]


def banded(grid: Sequence[Sequence[str]], cell_width: int,
           width: int | None = None) -> list[tuple[str | None, list[list[str]]]]:
    """The grid's rows in bands of columns fitting ``width`` (the terminal's when None), each with its caption
    (``columns 17-30:``, counted from 1); one band captioned None when the whole grid fits."""
    cols = max((len(row) for row in grid), default=0)
    bands = column_bands(cols, cell_width, terminal_columns() if width is None else width)
    if len(bands) <= 1:
        return [(None, [list(row) for row in grid])]
    return [(caption(band), [list(row[band.start:band.stop]) for row in grid]) for band in bands]


def caption(band: range) -> str:
    """``columns 17-30:``, or ``column 30:`` for a band of one, counted from 1."""
    return f"column {band.stop}:" if len(band) == 1 else f"columns {band.start + 1}-{band.stop}:"
