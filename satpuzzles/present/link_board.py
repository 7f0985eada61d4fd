"""The --analyze board of a puzzle whose decisions are links between orthogonally adjacent cells.

Shared by Numberlink and the Masyu example: each cell drawn by the puzzle, a gap between
cells for each link, ``───``/``│`` forced on, ``×`` forced off, ``┄┄┄``/``┆`` undetermined, blank undecided (a
partial analysis).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping

from satpuzzles.present.styles import ANALYSIS_ACROSS, ANALYSIS_DOWN

Piece = tuple[str, str]
"""A piece of the board: its text and its role (a state, ``gap``, or one the puzzle names)."""


def link_analysis_rows(rows: int, cols: int, state: Mapping[Hashable, str], cell: Callable[[int, int], Piece],
                       width: int = 1) -> list[list[Piece]]:
    """Rows of pieces: ``cell(r, c)`` for each cell, each link ``((r, c), (r, c + 1))`` or ``((r, c), (r + 1, c))``
    by its state in ``state`` (missing: undetermined); vertical links are right-aligned to ``width``."""
    board: list[list[Piece]] = []
    for r in range(rows):
        line: list[Piece] = []
        for c in range(cols):
            line.append(cell(r, c))
            if c + 1 < cols:
                here = state.get(((r, c), (r, c + 1)), "undetermined")
                line.append((ANALYSIS_ACROSS[here], here))
        board.append(line)
        if r + 1 < rows:
            below: list[Piece] = []
            for c in range(cols):
                here = state.get(((r, c), (r + 1, c)), "undetermined")
                below.append((ANALYSIS_DOWN[here].rjust(width), here))
                if c + 1 < cols:
                    below.append(("   ", "gap"))
            board.append(below)
    return board
