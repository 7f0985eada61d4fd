"""The --analyze board of a puzzle whose decisions are links between orthogonally adjacent cells.

Shared by Numberlink and the Masyu example: each cell drawn by the puzzle, a gap between
cells for each link, ``───``/``│`` forced on, ``×`` forced off, ``┄┄┄``/``┆`` undetermined, blank undecided (a
partial analysis). ``board_text`` and ``board_styled`` show any board of pieces under its legend (Slitherlink's
board of edges too).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping

from satpuzzles.present.styles import ANALYSIS_ACROSS, ANALYSIS_DOWN

TYPE_CHECKING = False
if TYPE_CHECKING:
    from satpuzzles.core.spec import StyledBoard

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


def board_text(legend: str, rows: list[list[Piece]]) -> str:
    """The legend, then each row of pieces as one line (trailing blanks dropped)."""
    return "\n".join([legend, *("".join(piece for piece, _ in row).rstrip() for row in rows)])


def board_styled(legend: str, rows: list[list[Piece]], styles: Mapping[str, str]) -> StyledBoard:
    """The legend (dim), then each row of pieces in the style of its role."""
    return [[(legend, "dim")], *([(piece, styles[role]) for piece, role in row] for row in rows)]
