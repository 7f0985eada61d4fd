"""Minesweeper's text format (a grid of ``?``, counts and flags) and the JSON ``input`` object.

- an optional header ``rows cols`` (rows first; without it the rows give the size);
- rows of cells, with or without spaces: ``?`` an unknown cell, ``0``-``8`` a revealed
  count, ``F`` or ``*`` a cell known to hold a mine;
- an optional ``mines N`` line (the total number of mines), before or after the grid;
- blank lines and ``#`` comment lines are ignored.

Boards can hold millions of cells, so rows are read with string and numpy operations;
the per-cell token reader runs only on a row already known to be wrong, to locate the error.
numpy is imported only for a text whose cells are all Minesweeper's: detecting which puzzle a
file holds runs this reader on every text, and numpy took 0.17 s of a 0.2 s process.
"""

from __future__ import annotations

from functools import cache, partial

from satpuzzles.core.errors import InputError
from satpuzzles.core.spec import JsonCodec, Reader
from satpuzzles.core.words import counted
from satpuzzles.io.textgrid import (
    Line,
    SizeLimit,
    Token,
    first_column,
    headed_boards,
    is_int_line,
    is_number,
    nonblank_lines,
    only_chars,
    parse_ints,
    small_number,
)
from satpuzzles.puzzles.minesweeper.model import MINE, UNKNOWN, MinesweeperInstance

TYPE_CHECKING = False
if TYPE_CHECKING:
    import numpy as np

_CELLS: dict[str, int] = {"?": UNKNOWN, "F": MINE, "*": MINE, **{str(count): count for count in range(9)}}
_HINT = "use '?' for an unknown cell, 0-8 for a revealed count, 'F' or '*' for a known mine"
_MINES_SHAPE = "expected 'mines N' with N the total number of mines"
_NOT_A_CELL = -128
LIMIT = SizeLimit("Minesweeper", side=25_000_000, cells=25_000_000)
"""The largest board read: as large as ``generate minesweeper`` makes (5000 x 5000; docs/reliability.md)."""


_CELL_CHARS = "".join(_CELLS)
_NOT_CELLS = str.maketrans(dict.fromkeys(_CELLS))
"""Deletes every cell character: what is left of a row is what no cell is."""


@cache
def _lookup() -> np.ndarray:
    """Cell value by byte; ``_NOT_A_CELL`` for every byte that is no cell."""
    import numpy as np

    table = np.full(256, _NOT_A_CELL, dtype=np.int8)
    for char, value in _CELLS.items():
        table[ord(char)] = value
    return table


def _mines_token(line: Line) -> Token:
    """The ``N`` of a ``mines N`` line, or a located error on a malformed one."""
    tokens = line.tokens()
    if tokens[0].text.lower() != "mines":
        raise tokens[0].error(f"malformed 'mines' line: {_MINES_SHAPE}")
    if len(tokens) == 1:
        raise line.error(f"malformed 'mines' line: {_MINES_SHAPE}", len(line.text.rstrip()) + 1)
    if not is_number(tokens[1].text):
        raise tokens[1].error(f"malformed 'mines' line: {tokens[1].text!r} is not a number; {_MINES_SHAPE}")
    if len(tokens) > 2:
        raise tokens[2].error(f"malformed 'mines' line: unexpected {tokens[2].text!r}; {_MINES_SHAPE}")
    small_number(tokens[1], "the number of mines")
    return tokens[1]


def _split_mines(lines: list[Line]) -> tuple[Line | None, Token | None, list[Line]]:
    """The ``mines N`` line if any, its ``N``, and the other lines."""
    found: Line | None = None
    rest: list[Line] = []
    for line in lines:
        if not _is_mines_line(line):
            rest.append(line)
        elif found is None:
            found = line
        else:
            raise line.error(
                f"second 'mines' line (the first is line {found.number}): give the number of mines once",
                first_column(line),
            )
    return found, (_mines_token(found) if found else None), rest


def _cells_text(line: Line) -> str | None:
    """The row's cells, one character each, or None when some cell is longer than one character."""
    text = line.text.strip()
    if text[1::2] == " " * (len(text) // 2):  # the usual "1 ? ?" layout, read without splitting
        cells = text[::2]
        if len(cells.split()) == 1:
            return cells
    tokens = text.split()
    if len(tokens) == 1:
        return tokens[0]
    cells = "".join(tokens)
    return cells if len(cells) == len(tokens) else None


def _only_cells(cells: list[str | None]) -> bool:
    """Whether every row (as ``_cells_text`` gives it) holds only Minesweeper's cells, at C speed."""
    return all(row is not None and only_chars(row, _CELL_CHARS) for row in cells)


def _cell_error(token: Token) -> InputError | None:
    text = token.text
    if text in _CELLS:
        return None
    if is_number(text):
        return token.error(f"{text} is not a count 0-8")
    if len(text) > 1:
        return token.error(f"cell {text!r} is more than one character: separate cells by spaces or by nothing")
    return token.error(f"unknown character {text!r}: {_HINT}")


def _row_error(line: Line, width: int, what: str) -> InputError:
    """The first mistake in a row the fast reader rejected, located at its cell.

    Cells are space-separated words or, in a row of one word, its characters (as ``_cells_text``).
    Found without a Token per cell: a row may hold millions, and every `solve` tries this reader.
    """
    text = line.text
    words = text.split()
    if len(words) == 1:
        cells, start = words[0], text.find(words[0]) + 1
        stray = cells.translate(_NOT_CELLS)
        error = _cell_error(Token(stray[0], line.number, start + cells.index(stray[0]))) if stray else None
        count = len(cells)
        column = start + min(width, count)
    else:
        bad = next((i for i, word in enumerate(words) if word not in _CELLS), None)
        error = None if bad is None else _cell_error(Token(words[bad], line.number, _word_column(text, words, bad)))
        count = len(words)
        column = (_word_column(text, words, width) if count > width
                  else _word_column(text, words, count - 1) + len(words[-1]))
    if error is not None:
        return error
    if count != width:
        return line.error(f"ragged row: {counted(count, 'cell')} where {what} {width}", column)
    # Not reached: both readers split a row into the same cells.
    return line.error(f"unreadable row: {_HINT}", first_column(line))


def _word_column(text: str, words: list[str], index: int) -> int:
    """The 1-based column of ``words[index]`` in ``text`` (the words of ``text.split()``)."""
    at = 0
    for word in words[: index + 1]:
        at = text.find(word, at) + len(word)
    return at - len(words[index]) + 1


def _read_rows(body: list[Line], cells: list[str | None], width: int, what: str) -> np.ndarray:
    """The rows as an int8 array of shape ``(len(body), width)``, or the first mistake, located."""
    bad = next(
        (i for i, row in enumerate(cells) if row is None or len(row) != width or not row.isascii()),
        len(body),
    )
    text = "".join(row for row in cells[:bad] if row is not None)  # all of them: bad is the first None
    if text.translate(_NOT_CELLS):  # some character is no cell: the first row holding one
        bad = next(i for i, row in enumerate(cells[:bad]) if row.translate(_NOT_CELLS))  # type: ignore[union-attr]
    if bad < len(body):
        raise _row_error(body[bad], width, what)
    import numpy as np

    return _lookup()[np.frombuffer(text.encode("ascii"), dtype=np.uint8)].reshape(len(body), width)


def _header(rest: list[Line], cells: list[str | None]) -> tuple[int, int] | None:
    """``(rows, cols)`` when the first line is a header rather than the first grid row."""
    first = rest[0]
    if not is_int_line(first, 2):
        return None
    rows, cols = parse_ints(first, 2, "'rows cols'")
    if cells[0] is None or max(rows, cols) > 8:
        return rows, cols  # a number no cell can hold
    if rows == 0 or cols == 0:
        return None  # '0 3' is a row of counts: a header would describe no cells (as Slitherlink reads it)
    # Two small numbers could also be a row of counts: a header when the rows below fit it,
    # a row when they are all two cells wide like it, else a header (its errors say more). Alone they are
    # a header whose rows are missing (a file cut short): as a board, two counts of 1 or more with no
    # unknown cell beside them could never be met, and a truncated file would be called unsolvable.
    body = cells[1:]
    if len(body) == rows and all(row is not None and len(row) == cols for row in body):
        return rows, cols
    if body and all(row is not None and len(row) == 2 for row in body):
        return None
    return rows, cols


def parse_minesweeper(text: str) -> list[MinesweeperInstance]:
    """The boards in ``text``: one with an optional ``rows cols`` header, rows of cells and an optional
    ``mines N`` line, or several one after another, each with its header (and its ``mines N`` after its rows)."""
    return [_parse_board(board) for board in headed_boards(nonblank_lines(text), _is_mines_line)]


def _is_mines_line(line: Line) -> bool:
    """Whether ``line`` starts with ``mines``, in any case, after any white space (as re's ``\\s*mines`` ignoring case)."""
    head = line.text.lstrip()[:5]
    if head.isascii():
        return head.lower() == "mines"
    import re  # a non-ASCII letter may still match under re's case folding (U+0131 for 'i')

    return re.match(r"\s*mines", line.text, re.IGNORECASE) is not None


def _parse_board(lines: list[Line]) -> MinesweeperInstance:
    """One board: an optional ``rows cols`` header, rows of cells, an optional ``mines N``."""
    mines_line, mines, rest = _split_mines(lines)
    if not rest:
        raise InputError("empty grid: no rows of cells, only a 'mines' line", lines[0].number, 1)
    cells = [_cells_text(line) for line in rest]
    header = _header(rest, cells)
    if header is not None:
        rows, cols = header
        if rows == 0 or cols == 0:
            raise rest[0].error("empty grid: the header gives no cells", 1)
        LIMIT.check(rows, cols, rest[0].number, 1, partial(_only_cells, cells[1:]))
        body, body_cells, width, what = rest[1:], cells[1:], cols, "the header says"
    else:
        # A bad first row gives width 0: its cells are reported before any width.
        body, body_cells, width, what = rest, cells, len(cells[0] or ""), "the grid has"
        LIMIT.check(len(body), width, rest[0].number, 1, partial(_only_cells, cells))
    if mines_line is not None:
        above = sum(line.number < mines_line.number for line in body)
        if 0 < above < len(body):  # rows on both sides of it: a mistake in those above is the first, said first
            _read_rows(body[:above], body_cells[:above], width, what)
    if (mines_line is not None and header is not None and len(body) > header[0] > 0
            and body[header[0] - 1].number < mines_line.number):
        raise body[header[0]].error(f"unexpected line after the 'mines' line: the header says {counted(header[0], 'row')}, "
                                    "and the 'mines' line comes after them", 1)
    if mines_line is not None and body and body[0].number < mines_line.number < body[-1].number:
        raise mines_line.error("'mines' line inside the grid: put it before or after the rows", 1)
    board = _read_rows(body, body_cells, width, what)
    if header is not None and len(body) != header[0]:
        at = body[header[0]] if len(body) > header[0] else rest[0]
        raise at.error(f"header says {counted(header[0], 'row')} but the grid has {len(body)}", 1)
    if mines is not None and int(mines.text) > board.size:
        raise mines.error(f"{int(mines.text)} mines but the board has only {board.size} "
                          f"cell{'' if board.size == 1 else 's'}")
    return MinesweeperInstance(board, None if mines is None else int(mines.text), lines[0].number)


_SYMBOLS = ["?" if code == UNKNOWN else "F" if code == MINE else str(code) for code in range(-2, 9)]
"""The character of each cell value, from MINE (-2) up."""


def board_text(cells: np.ndarray, total: int | None = None, comment: str | None = None) -> str:
    """A board in the grid format (a ``rows cols`` header, rows of ``?``, counts and ``F`` for a known mine), with
    optional total and comment lines: read back, the same board."""
    import numpy as np

    symbols = np.array(_SYMBOLS)[cells + 2]
    rows, cols = cells.shape
    head = "".join(f"# {line}\n" for line in comment.split("\n")) if comment else ""
    tail = f"mines {total}\n" if total is not None else ""
    return head + f"{rows} {cols}\n" + "\n".join(" ".join(row) for row in symbols.tolist()) + "\n" + tail


def to_text(instance: MinesweeperInstance) -> str:
    """The puzzle as text that reads back as it (``Puzzle.text()``): header, rows and its ``mines N`` line."""
    return board_text(instance.cells, instance.mines)


def to_json(instance: MinesweeperInstance) -> dict[str, object]:
    """The envelope's ``input``: width, height, rows of ``?``/``F``/``0``-``8`` and the total (or null)."""
    import numpy as np

    rows, cols = instance.cells.shape
    symbols = np.array(_SYMBOLS)[instance.cells + 2]
    return {"width": cols, "height": rows, "grid": ["".join(row) for row in symbols.tolist()], "mines": instance.mines}


def from_json(data: object, line: int, column: int) -> MinesweeperInstance:
    """The board an ``input`` object describes (as :func:`to_json` writes it)."""
    import numpy as np

    from satpuzzles.io.jsonio import JsonReader, shown  # JSON input only

    reader = JsonReader(data, line, column)
    width, height = reader.size("width"), reader.size("height")
    LIMIT.check(height, width, line, column, partial(reader.holds_only, "grid", _CELL_CHARS))
    rows = reader.rows("grid", height, width, as_lists=False)
    text = "".join(rows)
    board = _lookup()[np.frombuffer(text.encode("ascii", "replace"), dtype=np.uint8)].reshape(height, width)
    if not text.isascii() or (board == _NOT_A_CELL).any():
        r = next(r for r, row in enumerate(rows) if any(ch not in _CELLS for ch in row))
        bad = next(ch for ch in rows[r] if ch not in _CELLS)
        raise reader.error(f"input.grid[{r}]", f"unknown character {bad!r}: {_HINT}")
    mines = reader.data.get("mines")
    if mines is not None and (not isinstance(mines, int) or isinstance(mines, bool) or not 0 <= mines <= board.size):
        raise reader.error("input.mines", f"expected null or a number of mines from 0 to {board.size}, found {shown(mines)}")
    return MinesweeperInstance(board, mines, line)


READERS: tuple[Reader[MinesweeperInstance], ...] = (
    Reader("grid", parse_minesweeper, None, "an optional 'rows cols' header, rows of '?', 0-8 and 'F', "
           "an optional 'mines N' line"),
)
JSON = JsonCodec(to_json, from_json)
