"""Masyu text formats, detected automatically, and the JSON ``input`` object.

- a grid: an optional ``rows cols`` header, then rows of cells with or without spaces:
  ``w`` a white circle, ``b`` a black one (``W``, ``B`` too), ``-`` or ``.`` an empty cell;
- puzz.link ``mashu`` URLs, one per line (see url.py);
- Simon Tatham's Pearl game ids, one per line (see pearl.py).

A grid header puts the rows first; a URL puts the width (columns) first.
"""

from __future__ import annotations

from functools import partial

from satpuzzles.core.spec import JsonCodec, Reader
from satpuzzles.core.words import counted
from satpuzzles.geometry import Cell, Grid
from satpuzzles.io.jsonio import JsonReader
from satpuzzles.io.puzzlink import is_url
from satpuzzles.io.textgrid import (
    Line,
    Token,
    cell_tokens,
    check_rows,
    first_content_lines,
    is_int_line,
    nonblank_lines,
    only_cells,
    parse_ints,
)
from satpuzzles_masyu.model import BLACK, WHITE, Colour, MasyuInstance
from satpuzzles_masyu.pearl import is_pearl_id, read_pearl
from satpuzzles_masyu.url import LIMIT, read_url

CELLS: dict[str, Colour | None] = {"w": WHITE, "W": WHITE, "b": BLACK, "B": BLACK, "-": None, ".": None}
CELL_CHARS = "".join(CELLS)
HINT = "use 'w' for a white circle, 'b' for a black one, '-' or '.' for an empty cell"


def _cell(token: Token) -> Colour | None:
    if token.text in CELLS:
        return CELLS[token.text]
    if len(token.text) > 1:
        raise token.error(f"cell {token.text!r} is more than one character: separate cells by spaces or by nothing")
    raise token.error(f"unknown character {token.text!r}: {HINT}")


def _header(lines: list[Line]) -> tuple[int, int] | None:
    """``(rows, cols)`` from a first line of two numbers (no grid row is numbers), else None; refused over LIMIT."""
    if not is_int_line(lines[0], 2):
        return None
    rows, cols = parse_ints(lines[0], 2, "'rows cols'")
    if rows == 0 or cols == 0:
        raise lines[0].error("empty grid: the header gives no cells", 1)
    LIMIT.check(rows, cols, lines[0].number, 1, partial(only_cells, lines[1:], CELL_CHARS))
    return rows, cols


def parse_grid(text: str) -> MasyuInstance:
    """The puzzle of a grid text (with or without a ``rows cols`` header)."""
    lines = nonblank_lines(text)
    header = _header(lines)
    body = lines[1:] if header else lines
    if not body:
        raise lines[0].error("the header is not followed by any grid row", len(lines[0].text) + 1)
    check_rows(LIMIT, body, partial(only_cells, body, CELL_CHARS))
    width = header[1] if header else len(cell_tokens(body[0]))
    what = "the header says" if header else "the first row has"
    circles: dict[Cell, Colour] = {}
    for r, line in enumerate(body):
        row = cell_tokens(line)
        values = [_cell(token) for token in row]
        if len(row) != width:
            column = row[width].column if len(row) > width else row[-1].column + len(row[-1].text)
            raise line.error(f"ragged row: {counted(len(row), 'cell')} where {what} {width}", column)
        circles.update({(r, c): value for c, value in enumerate(values) if value is not None})
    if header and len(body) != header[0]:
        at = body[header[0]] if len(body) > header[0] else lines[0]
        raise at.error(f"header says {counted(header[0], 'row')} but the grid has {len(body)}", 1)
    return MasyuInstance(Grid(len(body), width), circles, lines[0].number)


def _read_urls(text: str) -> list[MasyuInstance]:
    """One puzzle per line (a file of URLs is a collection)."""
    return [read_url(line) for line in nonblank_lines(text)]


def _first_line_is_url(text: str) -> bool:
    first = first_content_lines(text, 1)
    return bool(first) and is_url(first[0])


def _first_line_is_pearl(text: str) -> bool:
    first = first_content_lines(text, 1)
    return bool(first) and is_pearl_id(first[0])


READERS: tuple[Reader[MasyuInstance], ...] = (
    Reader("url", _read_urls, _first_line_is_url, "puzz.link / pzv.jp mashu URLs, one per line",
           typed="a puzz.link URL"),
    Reader("pearl", lambda text: [read_pearl(line) for line in nonblank_lines(text)], _first_line_is_pearl,
           "Simon Tatham's Pearl game ids, one per line", typed="a game id"),
    Reader("grid", lambda text: [parse_grid(text)], None,
           "rows of 'w', 'b' and '-' or '.', with or without spaces, after an optional 'rows cols' header"),
)
"""The text formats in detection order (the grid reads whatever the URL reader does not claim)."""


def _rows(instance: MasyuInstance, separator: str) -> list[str]:
    grid = instance.grid
    return [separator.join(instance.circles.get((r, c), ".") for c in range(grid.cols)) for r in range(grid.rows)]


def to_json(instance: MasyuInstance) -> dict[str, object]:
    """The envelope's ``input``: width, height, rows of ``w``/``b``/``.`` and ``visit_all``."""
    grid = instance.grid
    return {"width": grid.cols, "height": grid.rows, "grid": _rows(instance, ""), "visit_all": instance.visit_all}


def from_json(data: object, line: int, column: int) -> MasyuInstance:
    """The puzzle an ``input`` object describes (as :func:`to_json` writes it; ``visit_all`` optional)."""
    reader = JsonReader(data, line, column)
    width, height = reader.size("width"), reader.size("height")
    LIMIT.check(height, width, line, column, partial(reader.holds_only, "grid", CELL_CHARS))
    circles: dict[Cell, Colour] = {}
    for r, row in enumerate(reader.rows("grid", height, width, as_lists=False)):
        for c, ch in enumerate(row):
            if ch not in CELLS:
                raise reader.error(f"input.grid[{r}]", f"unknown character {ch!r}: {HINT}")
            value = CELLS[ch]
            if value is not None:
                circles[(r, c)] = value
    visit_all = reader.data.get("visit_all", False)
    if not isinstance(visit_all, bool):
        raise reader.error("input.visit_all", f"expected true or false, found {visit_all!r}")
    return MasyuInstance(Grid(height, width), circles, line, visit_all)


def to_text(instance: MasyuInstance) -> str:
    """The puzzle as a grid: a ``rows cols`` header, then rows of ``w``, ``b`` and ``.``."""
    if instance.visit_all:
        raise ValueError("the grid format cannot say that the loop visits every cell: use the URL or JSON")
    grid = instance.grid
    return f"{grid.rows} {grid.cols}\n" + "\n".join(_rows(instance, " ")) + "\n"


JSON = JsonCodec(to_json, from_json)
