"""Slitherlink text formats, detected automatically, and the JSON ``input`` object.

- a grid: an optional ``rows cols`` header, then rows of cells with or without spaces:
  ``0``-``3`` a clue, ``-`` or ``.`` no clue, ``?`` a clue mark whose number is unknown;
- a puzz.link URL (see url.py);
- a puzz.link file, pzprv3 (see pzprv3.py);
- a Simon Tatham Loopy game id for a square grid, ``WxHt0:DESC`` (see loopy.py).

URLs and game ids put the width (columns) first; a grid header puts the rows first.
A file of URLs or game ids holds one puzzle per line.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from satpuzzles.core.spec import JsonCodec, Reader
from satpuzzles.core.words import counted
from satpuzzles.geometry import Cell, Grid
from satpuzzles.io.pzprv3 import looks_like_pzprv3
from satpuzzles.io.puzzlink import url_or_file
from satpuzzles.io.textgrid import (
    Line,
    Token,
    cell_tokens,
    check_rows,
    first_content_lines,
    headed_boards,
    is_int_line,
    nonblank_lines,
    only_cells,
    parse_ints,
    row_cells,
)
from satpuzzles.puzzles.slitherlink.model import UNKNOWN, SlitherlinkInstance
from satpuzzles.puzzles.slitherlink.loopy import is_loopy, read_loopy
from satpuzzles.puzzles.slitherlink.pzprv3 import PZPRV3_READER, read_pzprv3, to_pzprv3
from satpuzzles.puzzles.slitherlink.url import LIMIT, read_url

_GRID_CELLS: dict[str, int | str | None] = {"0": 0, "1": 1, "2": 2, "3": 3, "4": 4, "-": None, ".": None,
                                            UNKNOWN: UNKNOWN}
_GRID_CHARS = "".join(_GRID_CELLS)
_JSON_CHARS = "01234.?"
_GRID_HINT = "use 0-4 for a clue, '-' or '.' for no clue, '?' for an unknown clue"


def _is_url(line: Line) -> bool:
    return "/" in line.text and not looks_like_pzprv3(line.text)  # not a puzz.link file on one line


def _header(lines: list[Line]) -> tuple[int, int] | None:
    """``(rows, cols)`` when the first line is a header rather than the first grid row."""
    first = lines[0]
    if not is_int_line(first, 2):
        return None
    rows, cols = parse_ints(first, 2, "'rows cols'")
    if any(len(token.text) > 1 for token in first.tokens()) or rows > 3 or cols > 3:
        return rows, cols
    if rows == 0 or cols == 0:
        return None  # "0 1" is a grid row of clues: a header would describe no cells
    body = lines[1:]
    if len(body) == rows or not body:  # alone: a header whose rows are missing (a file cut short), as '4 4' is
        return rows, cols
    # Small numbers that could be clues: a header when the rows below all have its width and the line itself
    # does not fit them; a line of two cells above rows of two is a header only when written otherwise
    # (with a space, above rows without: '2 2' over '3.').
    widths = {row_cells(line) for line in body}
    if widths != {cols}:
        return None
    return (rows, cols) if cols != 2 or all(len(line.tokens()) == 1 for line in body) else None


def _grid_cell(token: Token) -> int | str | None:
    text = token.text
    if text in _GRID_CELLS:
        return _GRID_CELLS[text]
    if text.isascii() and text.isdigit() and (len(text.lstrip("0")) > 1 or text.lstrip("0") > "4"):
        raise token.error(f"clue {text[:12]} is not 0-4 (a cell has four sides)")
    if len(text) > 1:  # '03' too: the cells 0 and 3 run together, or a 3 written oddly
        raise token.error(f"cell {text!r} is more than one character: separate cells by spaces or by nothing")
    raise token.error(f"unknown character {text!r}: {_GRID_HINT}")


def _check_width(row: list[Token], line: Line, width: int, what: str) -> None:
    if len(row) == width:
        return
    column = row[width].column if len(row) > width else row[-1].column + len(row[-1].text)
    raise line.error(f"ragged row: {counted(len(row), 'cell')} where {what} {width}", column)


def _check_indent(body: list[Line]) -> None:
    """Rows indented unlike the board's first row: spaces standing for cells without a clue (a pasted board), which
    read as separators would make another, smaller board."""
    indent = len(body[0].text) - len(body[0].text.lstrip()) if body else 0
    for line in body[1:]:
        if len(line.text) - len(line.text.lstrip()) != indent:
            raise line.error("row indented unlike the board's first row: a space separates cells and is no cell; "
                             "write '.' or '-' for a cell without a clue", 1)


def _parse_grid(lines: list[Line]) -> SlitherlinkInstance:
    header = _header(lines)
    body = lines[1:] if header else lines
    if header and (header[0] == 0 or header[1] == 0):
        raise lines[0].error("empty grid: the header gives no cells", 1)
    ours = partial(only_cells, body, _GRID_CHARS)  # asked only of a board over the limit
    if header:
        LIMIT.check(*header, lines[0].number, 1, ours)
    check_rows(LIMIT, body, ours)
    _check_indent(body)
    rows = [cell_tokens(line) for line in body]
    width = header[1] if header else len(rows[0])
    what = "the header says" if header else "the grid has"
    clues: dict[Cell, int] = {}
    unknown: set[Cell] = set()
    for r, (line, row) in enumerate(zip(body, rows)):
        values = [_grid_cell(token) for token in row]
        _check_width(row, line, width, what)
        for c, value in enumerate(values):
            if value == UNKNOWN:
                unknown.add((r, c))
            elif isinstance(value, int):
                clues[(r, c)] = value
    if header and len(rows) != header[0]:
        at = body[header[0]] if len(rows) > header[0] else lines[0]
        raise at.error(f"header says {counted(header[0], 'row')} but the grid has {len(rows)}", 1)
    return SlitherlinkInstance(Grid(len(rows), width), clues, frozenset(unknown), line=lines[0].number)


def _one_per_line(text: str, read: Callable[[Line], SlitherlinkInstance]) -> list[SlitherlinkInstance]:
    """One puzzle per line (a file of URLs or game ids is a collection, as ``generate --url --count`` writes)."""
    return [read(line) for line in nonblank_lines(text)]


def _first_line_is(text: str, test: Callable[[Line], bool]) -> bool:
    first = first_content_lines(text, 1)
    return bool(first) and test(first[0])


READERS: tuple[Reader[SlitherlinkInstance], ...] = (
    Reader("url", lambda text: _one_per_line(text, lambda line: url_or_file(line, read_url, read_pzprv3)),
           lambda text: _first_line_is(text, _is_url),
           "puzz.link / pzv.jp URLs, one per line", typed="a puzz.link URL"),
    PZPRV3_READER,
    Reader("loopy", lambda text: _one_per_line(text, read_loopy), lambda text: _first_line_is(text, is_loopy),
           "Simon Tatham's Loopy game ids (square grids), one per line", typed="a game id"),
    Reader("grid", lambda text: [_parse_grid(board) for board in headed_boards(nonblank_lines(text))], None,
           "a grid of 0-4, '.' or '-' and '?', with an optional 'rows cols' header (several boards: each with one)"),
)
"""The text formats in detection order (the grid reads whatever the others do not claim)."""


def _json_char(value: int | None, unknown: bool) -> str:
    return UNKNOWN if unknown else "." if value is None else str(value)


def to_json(instance: SlitherlinkInstance) -> dict[str, object]:
    """The envelope's ``input``: width, height, rows of ``0``-``4``/``.``/``?`` and ``visit_all``."""
    grid = instance.grid
    rows = [
        "".join(_json_char(instance.clues.get((r, c)), (r, c) in instance.unknown) for c in range(grid.cols))
        for r in range(grid.rows)
    ]
    return {"width": grid.cols, "height": grid.rows, "grid": rows, "visit_all": instance.visit_all}


def from_json(data: object, line: int, column: int) -> SlitherlinkInstance:
    """The puzzle an ``input`` object describes (as :func:`to_json` writes it)."""
    from satpuzzles.io.jsonio import JsonReader, shown  # JSON input only

    reader = JsonReader(data, line, column)
    width, height = reader.size("width"), reader.size("height")
    LIMIT.check(height, width, line, column, partial(reader.holds_only, "grid", _JSON_CHARS))
    clues: dict[Cell, int] = {}
    unknown: set[Cell] = set()
    for r, row in enumerate(reader.rows("grid", height, width, as_lists=False)):
        for c, ch in enumerate(row):
            if ch in "01234":
                clues[(r, c)] = int(ch)
            elif ch == UNKNOWN:
                unknown.add((r, c))
            elif ch != ".":
                hint = "use 0-4 for a clue, '.' for none, '?' for an unknown clue"
                raise reader.error(f"input.grid[{r}]", f"unknown character {ch!r}: {hint}")
    visit_all = reader.data.get("visit_all", False)
    if not isinstance(visit_all, bool):
        raise reader.error("input.visit_all", f"expected true or false, found {shown(visit_all)}")
    return SlitherlinkInstance(Grid(height, width), clues, frozenset(unknown), visit_all, line)


def to_text(instance: SlitherlinkInstance) -> str:
    """The puzzle as a grid: a ``rows cols`` header, then rows of ``0``-``4``, ``.`` (no clue) or ``?``."""
    grid = instance.grid
    rows = [
        " ".join(_json_char(instance.clues.get((r, c)), (r, c) in instance.unknown) for c in range(grid.cols))
        for r in range(grid.rows)
    ]
    return f"{grid.rows} {grid.cols}\n" + "\n".join(rows) + "\n"


def puzzle_text(instance: SlitherlinkInstance) -> str:
    """The puzzle as text that reads back as it (``Puzzle.text()``): the grid, or for the "visit every dot" variant,
    which a grid cannot say, the puzz.link file (pzprv3)."""
    return to_pzprv3(instance) if instance.visit_all else to_text(instance)


JSON = JsonCodec(to_json, from_json)
