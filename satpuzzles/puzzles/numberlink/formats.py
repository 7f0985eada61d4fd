"""Numberlink text formats, detected automatically.

- comma rows: rows of comma-separated tokens (``.,3,.,1``);
- a K header: ``K`` (the number of paths), then ``N M`` (rows, columns), then N rows of
  space-separated tokens (read as ``kn-header``; ``seed001`` is its old name);
- several puzzles: blocks of a ``W H`` line (width, height) and H rows, an optional ``0 0``
  end (janko.at Arukone collections; blocks after it are read too, as in files joined one after another);
- a plain grid: rows of characters (Flow Free), or of space-separated tokens;
- puzz.link ``numlin`` URLs, one per line (see url.py); a puzz.link file, pzprv3 (see pzprv3.py); the JSON
  ``input`` object: jsoninput.py.

``.`` is an empty cell. In comma or space separated rows a label is a word of
letters and digits (``12``, ``A``); in character grids every printable character
other than ``.`` is a label, since janko.at collections use ``_``, ``^``, ``]`` .... So a comment, in
every format, is a line of ``#`` alone or ``#`` and a space (``# Author: ...``): ``#..#`` is a row.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial

from satpuzzles.core.errors import InputError
from satpuzzles.core.spec import Reader
from satpuzzles.core.words import counted
from satpuzzles.geometry import Cell, Grid
from satpuzzles.io.textgrid import (
    MAX_DIGITS,
    Line,
    SizeLimit,
    Token,
    check_rows,
    first_content_lines,
    is_int_line,
    nonblank_lines,
    parse_ints,
    spaced_comment,
)
from satpuzzles.puzzles.numberlink.model import EMPTY, NumberlinkInstance
from satpuzzles.puzzles.numberlink.stated import board_ends, under_stated_rules

LIMIT = SizeLimit("Numberlink", side=2000, cells=2_000_000)
"""The largest board read (docs/reliability.md), checked before any cell is read."""


def _is_spaced(line: Line) -> bool:
    return any(ch.isspace() for ch in line.text.strip())


class _TokenRows:
    """A grid's rows, each made into tokens only when it is first read (``count`` tells its length before that).

    A board that is not Numberlink's, such as a 1000 x 1000 Minesweeper board tried during detection,
    is refused at its first bad row without a token made for each of its million cells (2 s before).
    """

    def __init__(self, lines: list[Line], spaced: bool, indent: int = 0) -> None:
        self.lines, self.spaced, self.indent = lines, spaced, indent  # indent: columns before a character row's cells
        self.made: dict[int, list[Token]] = {}

    def __len__(self) -> int:
        return len(self.lines)

    def __getitem__(self, index: int) -> list[Token]:
        row = self.made.get(index)
        if row is None:
            line = self.lines[index]
            row = self.made[index] = line.tokens() if self.spaced else [
                Token(ch, line.number, c + 1) for c, ch in self._cells(index)]
        return row

    def _cells(self, index: int) -> Iterator[tuple[int, str]]:
        """A character row's cells with their 0-based columns in the line (after the board's indentation)."""
        return enumerate(self.lines[index].text.rstrip()[self.indent:], self.indent)

    def count(self, index: int) -> int:
        """How many cells row ``index`` holds, without making its tokens."""
        text = self.lines[index].text
        return len(text.split()) if self.spaced else len(text.rstrip()) - self.indent

    def labelled(self, index: int) -> list[tuple[int, Token]]:
        """The cells of row ``index`` that are not empty, with their columns: in a character row without making a
        token for each ``.`` (most of a board's cells)."""
        if self.spaced or index in self.made:
            return [(c, token) for c, token in enumerate(self[index]) if token.text != EMPTY]
        number = self.lines[index].number
        return [(c - self.indent, Token(ch, number, c + 1)) for c, ch in self._cells(index) if ch != EMPTY]


def _split_rows(lines: list[Line], width: int | None = None) -> tuple[_TokenRows, bool]:
    """Rows (made into tokens as they are read), and whether they were character rows (no separators).

    Rows are space-separated when every row of more than one cell has a space, or when a header gives the board
    ``width`` 1 and a row is longer than one character (a label such as ``10``), or when every row is one word (a
    label or ``.``) and their lengths differ: a board one cell wide (Puzzle.text() pads its cells: `` 10``, ``  .``),
    which read as characters would be ragged. A character grid may be indented
    (the same white space before every row, as a board pasted from a Markdown code block), and any other space in
    it is an error at its column.
    """
    wide = [line for line in lines if len(line.text.strip()) > 1]
    if wide and (width == 1 or all(_is_spaced(line) for line in wide) or (width is None and _one_column(lines))):
        return _TokenRows(lines, True), False
    indent = min((len(line.text) - len(line.text.lstrip()) for line in lines), default=0)
    for line in lines:
        stray = next((i for i, ch in enumerate(line.text.rstrip()) if ch.isspace() and i >= indent), None)
        if stray is not None:
            raise line.error("space inside a character grid: write one character per cell", stray + 1)
    return _TokenRows(lines, False, indent), True


def _one_column(lines: list[Line]) -> bool:
    """Whether every row is one word, a label of letters and digits or ``.``, and not all of one length."""
    words = [line.text.split() for line in lines]
    if not all(len(row) == 1 and (row[0] == EMPTY or row[0].isalnum()) for row in words):
        return False
    return len({len(row[0]) for row in words}) > 1


_NOT_IN_LABELS = str.maketrans(dict.fromkeys(", \t."))
"""Deletes separators and ``.``: what is left of a row of comma or space separated cells is its labels' letters."""
_NO_SPACES = str.maketrans(dict.fromkeys(" \t"))
_CHUNK = 4096
"""Cells counted at a time: a row of one character repeated is refused after its first few thousand."""


def _cheap_cells(text: str, separator: str | None) -> list[str] | str:
    """A row's cells, cheaply: separated by ``separator`` (white space when ``" "``), else one character each."""
    if separator is None:
        return text.strip()  # a character row, maybe indented
    return text.split() if separator == " " else text.translate(_NO_SPACES).split(separator)


def _cells_allowed(text: str, cells: list[str] | str, separator: str | None) -> bool:
    """Whether a row's cells are Numberlink's: printable characters without white space among them in a character
    grid, else letters and digits or ``.``, none empty."""
    if isinstance(cells, str):
        return cells.isprintable() and cells.split(maxsplit=1) == [cells]
    rest = text.translate(_NOT_IN_LABELS)
    return (not rest or rest.isalnum()) and "" not in cells


NO_LABELS = "no endpoints: every cell is empty ('.'); a Numberlink board needs at least one label, twice"


def _only_cells(lines: list[Line], separator: str | None = "") -> bool:
    """Whether the rows could be a Numberlink grid's: only its cells (separated by ``separator``; ``""``: as
    ``_split_rows`` reads them), no label more than twice (no more ends than twice the labels, in the first cells
    and in all). At C speed, without a token per cell: asked only of a board over LIMIT."""
    if separator == "":
        wide = [line for line in lines if len(line.text.strip()) > 1]
        separator = " " if wide and all(len(line.text.split(maxsplit=1)) > 1 for line in wide) else None
    labels: set[str] = set()
    ends = 0
    for line in lines:
        cells = _cheap_cells(line.text, separator)
        for start in range(0, len(cells), _CHUNK):
            chunk = cells[start:start + _CHUNK]
            if isinstance(chunk, str):
                chunk = chunk.replace(EMPTY, "")  # a row of dots is not a set of dots
            labels.update(chunk)
            labels.discard(EMPTY)
            ends += len(chunk) - chunk.count(EMPTY)
            if ends > 2 * len(labels):
                return False
        if not _cells_allowed(line.text, cells, separator):
            return False
    return ends == 2 * len(labels)


def _check_label(token: Token, char_grid: bool) -> None:
    allowed = token.text.isprintable() if char_grid else token.text.isalnum()
    if not allowed:
        hint = "" if char_grid else ", letters or digits for endpoints"
        what = "character" if len(token.text) == 1 else "cell"
        raise token.error(f"unknown {what} {token.text!r}: use '.' for an empty cell{hint}")


def build_instance(
    rows: list[list[Token]] | _TokenRows, first_line: int, width: int | None = None, char_grid: bool = False
) -> NumberlinkInstance:
    """Validate token rows (shape, characters, label counts) into an instance."""
    if not rows or not rows[0]:
        raise InputError("empty grid: no cells to solve", first_line, 1)
    width = len(rows[0]) if width is None else width
    count = rows.count if isinstance(rows, _TokenRows) else (lambda index: len(rows[index]))
    for index in range(len(rows)):
        if count(index) != width:
            row = rows[index]
            at = row[width] if len(row) > width else None
            column = at.column if at else (row[-1].column + len(row[-1].text) if row else 1)
            line = at.line if at else (row[-1].line if row else first_line)
            raise InputError(f"ragged row: {counted(len(row), 'cell')} where the grid has {width}", line, column)
    givens: dict[Cell, str] = {}
    seen: Counter[str] = Counter()
    first_seen: dict[str, Token] = {}
    order: list[str] = []
    labelled = rows.labelled if isinstance(rows, _TokenRows) else (
        lambda index: [(c, token) for c, token in enumerate(rows[index]) if token.text != EMPTY])
    for r in range(len(rows)):
        for c, token in labelled(r):
            _check_label(token, char_grid)
            seen[token.text] += 1
            if seen[token.text] == 1:
                first_seen[token.text] = token
                order.append(token.text)
            elif seen[token.text] == 3:
                first = first_seen[token.text]
                raise token.error(
                    f"label {token.text!r} appears a third time (first at line {first.line}, column {first.column}); "
                    "each label must appear exactly twice"
                )
            givens[(r, c)] = token.text
    for label in order:
        if seen[label] == 1:
            raise first_seen[label].error(f"label {label!r} appears once; each label must appear exactly twice")
    if not order:  # at the first cell: a URL's body
        raise rows[0][0].error(NO_LABELS)
    return NumberlinkInstance(Grid(len(rows), width), givens, tuple(order), first_line)


def _parse_comma(lines: list[Line]) -> list[NumberlinkInstance]:
    LIMIT.check(len(lines), max(line.text.count(",") + 1 for line in lines), lines[0].number, 1,
                partial(_only_cells, lines, ","))
    rows = []
    for line in lines:
        tokens = line.tokens(",")
        for token in tokens:
            if not token.text:
                raise token.error("empty cell between commas: use '.' for an empty cell")
        rows.append(tokens)
    return [build_instance(rows, lines[0].number)]


def _parse_k_header(lines: list[Line]) -> list[NumberlinkInstance]:
    (paths,) = parse_ints(lines[0], 1, "the number of paths K")
    if len(lines) < 2:
        raise lines[0].error("expected a line 'N M' (numbers of rows and columns) after the number of paths", 1)
    n_rows, n_cols = parse_ints(lines[1], 2, "'N M': numbers of rows and columns")
    body = lines[2:]
    ours = partial(_only_cells, body, " ")
    LIMIT.check(n_rows, n_cols, lines[1].number, 1, ours)
    check_rows(LIMIT, body, ours)
    if len(body) != n_rows:
        at = body[n_rows] if len(body) > n_rows else lines[1]
        raise at.error(f"header says {counted(n_rows, 'row')} but the grid has {len(body)}", 1)
    instance = build_instance(_TokenRows(body, True), body[0].number if body else 3, width=n_cols)
    if len(instance.labels) != paths:
        raise lines[0].error(f"header says K={counted(paths, 'path')} but the grid has "
                               f"{counted(len(instance.labels), 'label')}", 1)
    return [instance]


def _parse_collection(lines: list[Line]) -> list[NumberlinkInstance]:
    instances = []
    at = 0
    while at < len(lines):
        header = lines[at]
        width, height = parse_ints(header, 2, "a 'W H' line (width and height) starting a puzzle")
        if width == 0 and height == 0:  # the end of a list; files joined one after another go on after it
            at += 1
            continue
        body = lines[at + 1 : at + 1 + height]
        LIMIT.check(height, width, header.number, 1, partial(_only_cells, body))
        if len(body) < height:
            follow = "follows" if len(body) == 1 else "follow"
            raise header.error(f"puzzle declares {counted(height, 'row')} but only {len(body)} {follow}", 1)
        rows, char_grid = _split_rows(body, width)
        instances.append(build_instance(rows, header.number, width=width, char_grid=char_grid))
        at += 1 + height
    if not instances:
        raise InputError("no puzzle found before the '0 0' end line", lines[0].number, 1)
    return instances


def _starts_collection(lines: list[Line]) -> bool:
    """A first line ``W H`` followed by a row of W cells (or ``0 0``): the several-puzzles format."""
    if not is_int_line(lines[0], 2):
        return False
    width, height = (int(tok.text[: MAX_DIGITS + 1]) for tok in lines[0].tokens())
    if (width, height) == (0, 0) or len(lines) == 1:
        return True
    row = lines[1]
    spaced = _is_spaced(row) or width == 1  # a one-cell row is one token: '10' as well as 'A'
    return (len(row.tokens()) if spaced else len(row.text.strip())) == width  # a character row maybe indented


def _parse_grid(lines: list[Line]) -> list[NumberlinkInstance]:
    try:
        check_rows(LIMIT, lines, partial(_only_cells, lines))
        rows, char_grid = _split_rows(lines)
        return [build_instance(rows, lines[0].number, char_grid=char_grid)]
    except InputError:
        if len(lines) > 1 and is_int_line(lines[0], 2):  # a 'W H' line whose rows disagree with it ('4 3' over
            try:  # rows of 3), not a row of two labels: the collection's error says how
                _parse_collection(lines)
            except InputError as exc:
                raise exc from None
        raise  # a collection read as a grid (--input-format grid) is refused as before


def _read(parse: Callable[[list[Line]], list[NumberlinkInstance]],
          headed: bool = False) -> Callable[[str], list[NumberlinkInstance]]:
    def read(text: str) -> list[NumberlinkInstance]:
        lines = nonblank_lines(text, spaced_comment)
        try:
            instances = parse(lines)
            return under_stated_rules(text, instances, ends=board_ends(lines, instances, headed))
        except InputError as exc:
            raise _hash_row_hint(exc, lines) from None

    return read


def _hash_row_hint(exc: InputError, lines: list[Line]) -> InputError:
    """``exc``, told of a row at or above it read as cells that was meant as a comment line: '#' and a word and a
    colon, no space after the '#' ('#rules: open')."""
    import re

    line = next((line for line in lines if exc.line is not None and line.number <= exc.line
                 and re.match(r"#[^\W\d][\w -]*:", line.text.lstrip())), None)
    if line is None:
        return exc
    hint = (f" (line {line.number} starts with '#' but is no comment, as '#' may be a cell: a comment is '#' "
            "followed by a space, as in '# rules: open')")
    return InputError(exc.message + hint, exc.line, exc.column, exc.source)


def _looks_like_k_header(text: str) -> bool:
    lines = first_content_lines(text, 2, spaced_comment)
    return len(lines) == 2 and is_int_line(lines[0], 1) and is_int_line(lines[1], 2)


def _looks_like_collection(text: str) -> bool:
    lines = first_content_lines(text, 2, spaced_comment)
    return bool(lines) and _starts_collection(lines)


def _looks_like_comma_rows(text: str) -> bool:
    lines = nonblank_lines(text, spaced_comment)
    return all("," in line.text for line in lines)


READERS: tuple[Reader[NumberlinkInstance], ...] = (
    Reader("kn-header", _read(_parse_k_header), _looks_like_k_header,
           "K (paths), then 'N M' (rows, columns), then rows of space-separated tokens", aliases=("seed001",)),
    Reader("collection", _read(_parse_collection, headed=True), _looks_like_collection,
           "blocks of a 'W H' line and H rows, an optional '0 0' end (janko.at collections)"),
    Reader("comma", _read(_parse_comma), _looks_like_comma_rows, "rows of comma-separated tokens"),
    Reader("grid", _read(_parse_grid), None, "rows of characters (Flow Free) or of space-separated tokens"),
)
"""The grid formats in detection order (the plain grid reads whatever the others do not claim; URLs: url.py)."""


def to_text(instance: NumberlinkInstance) -> str:
    """The puzzle in the several-puzzles format: a ``W H`` line, then rows of space-separated cells.

    Such blocks can follow one another in one file.
    """
    grid = instance.grid
    rows = [" ".join(instance.givens.get((r, c), EMPTY) for c in range(grid.cols)) for r in range(grid.rows)]
    return f"{grid.cols} {grid.rows}\n" + "\n".join(rows) + "\n"
