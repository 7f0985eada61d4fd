"""Minesweeper as puzz.link's ``mines`` type (pzprjs' src/variety/kurotto.js): a URL and a file (pzprv3).

A URL is ``https://puzz.link/p?mines/W/H/BODY`` (also pzv.jp and other pzprjs hosts); BODY is pzprjs'
``Number16``, as numlin's: a hex digit a number, ``g``-``z`` runs of blank cells. A file (File > Save) is
``pzprv3``, ``mines``, the rows, the columns, then rows of ``.`` (blank) or a number, then the answer: rows of
``#`` (a mine), ``+`` (a cell marked safe) or ``.``, checked and not used.

pzprjs' meaning, kept here: a numbered cell is revealed, holds no mine (its numberRemainsUnshaded) and counts the
mines among its up to eight neighbours; a blank cell may hold a mine. Its mines have no mine total (the answer check
counts each number's neighbours, nothing else) and no flagged cell. A number left unknown (``.`` in a URL, ``-`` in
a file, shown as ``?``) is a cell that holds no mine and says nothing: a board here has no such cell, so it is
refused at its column, as is a number above 8 (Number16 writes any; pzprjs' mines can then have no answer).
"""

from __future__ import annotations

from satpuzzles.core.outcome import Settings
from satpuzzles.core.spec import Reader
from satpuzzles.core.words import counted
from satpuzzles.io.puzzlink import decode_number16, encode_number16, looks_like_url, read_head, url, url_or_file
from satpuzzles.io.pzprv3 import PzprFile, Shapes, lines_of, looks_like_pzprv3, pzprv3_file
from satpuzzles.io.textgrid import Line, Token, nonblank_lines
from satpuzzles.puzzles.minesweeper.formats import LIMIT
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN, MinesweeperInstance, MinesweeperSolution

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np

TYPES = ("mines",)
_UNKNOWN_NUMBER = ("a number left unknown ('?' in puzz.link: a cell that holds no mine and says nothing), which a "
                   "Minesweeper board here has no cell for: give its number, or leave the cell blank if it may "
                   "hold a mine")
_MARKS = {"#": "a mine", "+": "a cell marked safe", ".": "no mark"}
"""What the cells of a mines file's answer hold (pzprjs' encodeCellAns)."""


def _count(text: str, at: Token) -> int:
    """A number of the puzzle (its digits), checked to be a count a cell can show."""
    number = text.lstrip("0") or "0"
    if len(number) > 1 or number == "9":
        raise at.error(f"{text[:12]} is not a count 0-8: a cell has eight neighbours")
    return int(number)


def _board(rows: int, cols: int, counts: dict[int, int]) -> np.ndarray:
    """The cells: UNKNOWN but for the counts (by row-major index)."""
    import numpy as np

    cells = np.full((rows, cols), UNKNOWN, dtype=np.int8)
    for index, value in counts.items():
        cells.flat[index] = value
    return cells


def read_url(line: Line) -> MinesweeperInstance:
    """The puzzle of a ``mines`` URL."""
    head = read_head(line, TYPES, "Minesweeper")
    LIMIT.check(head.height, head.width, line.number, head.body_column)
    counts: dict[int, int] = {}
    for index, (value, column) in decode_number16(head, unknown_hint=f"'.' in the URL: {_UNKNOWN_NUMBER}").items():
        counts[index] = _count(str(value), Token(str(value), line.number, column))
    return MinesweeperInstance(_board(head.height, head.width, counts), None, line.number)


def read_pzprv3(text: str) -> MinesweeperInstance:
    """The puzzle of a ``mines`` puzz.link file (its answer checked, not used)."""
    file = PzprFile(text, TYPES, "Minesweeper")
    LIMIT.check(file.rows, file.cols, file.size_field.line, file.size_field.column)
    counts: dict[int, int] = {}
    for r, (field, items) in enumerate(file.board(lambda rows: _answer(rows, file.cols))):
        numbered = [c for c, item in enumerate(items) if item != "."]
        for c, token in zip(numbered, file.located(field, items, numbered)):
            if token.text == "-":
                raise token.error(f"'-' in the file: {_UNKNOWN_NUMBER}")
            if not (token.text.isascii() and token.text.isdigit()):
                raise token.error(f"bad cell {token.text[:20]!r}: expected a count 0-8, or '.' for a blank cell")
            counts[r * file.cols + c] = _count(token.text, token)
    file.skip_answer(_answer(file.rows, file.cols), _MARKS)
    return MinesweeperInstance(_board(file.rows, file.cols, counts), None, file.header.line)


def _answer(rows: int, cols: int) -> Shapes:
    """The answer after a board of ``rows`` and ``cols``: a mark for each cell."""
    return [(rows, cols, "the answer")]


def _writable(instance: MinesweeperInstance) -> list[list[str]]:
    """The cells as pzprjs' mines writes them (``.`` blank, a count); a ValueError for what the type cannot say (a
    total, a flag)."""
    import numpy as np

    if instance.mines is not None:
        raise ValueError(f"the board's total ({counted(instance.mines, 'mine')}): puzz.link's mines has no mine total")
    flagged = np.argwhere(instance.cells == MINE)
    if len(flagged):
        r, c = (int(at) + 1 for at in flagged[0])
        raise ValueError(f"a known mine at row {r}, column {c}: puzz.link's mines has no flagged cell")
    return [["." if value == UNKNOWN else str(value) for value in row] for row in instance.cells.tolist()]


def to_url(instance: MinesweeperInstance) -> str:
    """The puzzle as a puzz.link ``mines`` URL (pzprjs' encodeNumber16)."""
    cells = [None if value == "." else int(value) for row in _writable(instance) for value in row]
    rows, cols = instance.cells.shape
    return url("mines", cols, rows, encode_number16(cells))


def to_pzprv3(instance: MinesweeperInstance, solution: MinesweeperSolution | None = None) -> str:
    """The puzzle as a puzz.link ``mines`` file, as File > Save writes it: the cells, then the answer, ``#`` for
    each of the ``solution``'s mines (``.`` elsewhere), or none marked."""
    cells = _writable(instance)
    rows, cols = instance.cells.shape
    mines = solution.mines.tolist() if solution is not None else [[False] * cols] * rows
    answer = [["#" if mine else "." for mine in row] for row in mines]
    return pzprv3_file("mines", rows, cols, lines_of(cells) + lines_of(answer))


def pzprv3_answer(instance: MinesweeperInstance, solution: MinesweeperSolution, settings: Settings) -> str:
    """``-r FILE --result-format pzprv3``: the solved puzzle, its mines shaded."""
    return to_pzprv3(instance, solution)


URL_READER: Reader[MinesweeperInstance] = Reader(
    "url", lambda text: [url_or_file(line, read_url, read_pzprv3) for line in nonblank_lines(text)],
    looks_like_url, "puzz.link mines URLs, one per line", typed="a puzz.link URL",
)
"""URLs, one a line: of the type (``mines/W/H/BODY``), or ``pzprv3`` URLs, which hold a whole file."""

PZPRV3_READER: Reader[MinesweeperInstance] = Reader(
    "pzprv3", lambda text: [read_pzprv3(text)], looks_like_pzprv3,
    "a puzz.link file (pzprv3): File > Save of a mines puzzle",
)
