"""Slitherlink as a puzz.link file (pzprv3), as pzprjs' File > Save writes it (src/variety/slither.js).

``pzprv3.1`` (pzprjs' current version) or ``pzprv3``, ``slither``, the rows, the columns, a
line ``f`` when the loop visits every dot (the URL's ``f`` flag), then rows of clues: ``0``-``4``,
``.`` none, ``-`` a clue mark without a number. Then the answer: in version 1 the cells'
shading (rows of numbers), in both the lines drawn: ``rows`` lines of ``cols + 1`` (the
vertical edges), ``rows + 1`` lines of ``cols`` (the horizontal ones), 1 a line, 0 none, -1 a
cross. The answer is checked but not used: the puzzle is solved from its clues; a solved puzzle
is written with its loop drawn (``-r FILE --result-format pzprv3``).
"""

from __future__ import annotations

from satpuzzles.core.errors import InputError
from satpuzzles.core.outcome import Settings
from satpuzzles.core.spec import Reader
from satpuzzles.geometry import Cell, Grid
from satpuzzles.io.pzprv3 import PzprFile, Shapes, lines_of, looks_like_pzprv3, pzprv3_file
from satpuzzles.io.textgrid import Token
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance, SlitherlinkSolution
from satpuzzles.puzzles.slitherlink.url import LIMIT, URL_TYPES

VERSIONS = (0, 1)
"""The file versions pzprjs reads a slither file in: ``pzprv3`` (no shading rows) and ``pzprv3.1``."""
VISIT_ALL = "f"
"""The line before the clues that asks the loop to visit every dot (pzprjs' ``slither_full``)."""


_CLUES = {str(value): value for value in range(5)}


def _bad_cell(token: Token) -> InputError:
    """The error for a cell that is no clue, ``.`` or ``-``."""
    if token.text.isascii() and token.text.isdigit():
        return token.error(f"clue {token.text[:12]} is not 0-4 (a cell has four sides)")
    return token.error(f"bad cell {token.text[:20]!r}: expected a clue 0-4, '.' for none or '-' for a clue mark "
                       "without a number")


def read_pzprv3(text: str) -> SlitherlinkInstance:
    """The puzzle of a ``slither`` puzz.link file."""
    file = PzprFile(text, URL_TYPES, "Slitherlink")
    if file.version not in VERSIONS:
        raise file.header.error(f"a slither file of version {file.version}: pzprjs reads 'pzprv3' and 'pzprv3.1' "
                                "ones only")
    LIMIT.check(file.rows, file.cols, file.size_field.line, file.size_field.column)
    visit_all = file.flag(VISIT_ALL)
    clues: dict[Cell, int] = {}
    unknown: set[Cell] = set()
    def answer(rows: int) -> Shapes:
        shading = [(rows, file.cols, "the cells' shading")] if file.version == 1 else []
        return [*shading, (rows, file.cols + 1, "the vertical lines"), (rows + 1, file.cols, "the horizontal lines")]

    for r, (field, items) in enumerate(file.board(answer)):
        for c, item in enumerate(items):
            if item == ".":
                continue
            if item == "-":
                unknown.add((r, c))
            elif item.isdigit() and (item.lstrip("0") or "0") in _CLUES:  # '03' is 3, as pzprjs reads it
                clues[(r, c)] = _CLUES[item.lstrip("0") or "0"]
            else:
                raise _bad_cell(file.tokens(field)[c])
    file.skip_answer(answer(file.rows))
    return SlitherlinkInstance(Grid(file.rows, file.cols), clues, frozenset(unknown), visit_all, file.header.line)


def to_pzprv3(instance: SlitherlinkInstance, solution: SlitherlinkSolution | None = None) -> str:
    """The puzzle as a puzz.link file (version 1, as pzprjs writes it now): no cell shaded, and the lines the
    ``solution``'s loop (``1`` an edge on it, ``0`` none, as pzprjs' encodeBorderLine writes them), or none drawn."""
    grid = instance.grid
    for cell, value in instance.clues.items():
        if not 0 <= value <= 4:
            raise ValueError(f"clue {value} at row {cell[0] + 1}, column {cell[1] + 1} cannot be written in a "
                             "puzz.link file (0-4 only)")
    cells = [["-" if (r, c) in instance.unknown else str(instance.clues.get((r, c), "."))
              for c in range(grid.cols)] for r in range(grid.rows)]
    edges = solution.edges if solution is not None else frozenset()
    answer = [["0"] * grid.cols] * grid.rows  # the cells' shading
    answer += [["1" if ("v", r, c) in edges else "0" for c in range(grid.cols + 1)] for r in range(grid.rows)]
    answer += [["1" if ("h", r, c) in edges else "0" for c in range(grid.cols)] for r in range(grid.rows + 1)]
    data = (f"{VISIT_ALL}\n" if instance.visit_all else "") + lines_of(cells) + lines_of(answer)
    return pzprv3_file("slither", grid.rows, grid.cols, data, version=1)


def pzprv3_answer(instance: SlitherlinkInstance, solution: SlitherlinkSolution, settings: Settings) -> str:
    """``-r FILE --result-format pzprv3``: the solved puzzle, its loop drawn."""
    return to_pzprv3(instance, solution)


PZPRV3_READER: Reader[SlitherlinkInstance] = Reader(
    "pzprv3", lambda text: [read_pzprv3(text)], looks_like_pzprv3,
    "a puzz.link file (pzprv3): File > Save of a slither puzzle",
)
