"""Numberlink text formats, detected automatically.

- seed 000: rows of comma-separated tokens (``.,3,.,1``);
- seed 001: ``K``, then ``N M`` (rows, columns), then N rows of space-separated tokens;
- several puzzles: blocks of a ``W H`` line (width, height) and H rows, ``#`` comments,
  an optional ``0 0`` end (janko.at Arukone collections);
- a plain grid: rows of characters (Flow Free), or of space-separated tokens.

``.`` is an empty cell. In comma or space separated rows a label is a word of
letters and digits (``12``, ``A``); in character grids every printable character
other than ``.`` is a label, since janko.at collections use ``_``, ``^``, ``]`` ....
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from satpuzzles.errors import InputError
from satpuzzles.geometry import Cell, Grid
from satpuzzles.textgrid import Line, Token, content_lines, is_int_line, parse_ints

EMPTY = "."


@dataclass(frozen=True)
class NumberlinkInstance:
    """A board with labelled endpoint pairs; ``line`` is where it starts in the input (for headings)."""

    grid: Grid
    givens: dict[Cell, str]
    labels: tuple[str, ...]
    line: int = 1
    endpoints: dict[str, tuple[Cell, Cell]] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        ends: dict[str, list[Cell]] = {label: [] for label in self.labels}
        for cell, label in sorted(self.givens.items()):
            ends[label].append(cell)
        object.__setattr__(self, "endpoints", {label: (a, b) for label, (a, b) in ends.items()})


def _is_spaced(line: Line) -> bool:
    return any(ch.isspace() for ch in line.text.strip())


def _split_rows(lines: list[Line]) -> tuple[list[list[Token]], bool]:
    """Rows as tokens, and whether they were character rows (no separators).

    Rows are space-separated when every row of more than one cell has a space;
    a stray space in a character grid is an error at its column.
    """
    wide = [line for line in lines if len(line.text.strip()) > 1]
    if wide and all(_is_spaced(line) for line in wide):
        return [line.tokens() for line in lines], False
    for line in lines:
        stray = next((i for i, ch in enumerate(line.text.rstrip()) if ch.isspace()), None)
        if stray is not None:
            raise line.error("space inside a character grid: write one character per cell", stray + 1)
    return [line.chars() for line in lines], True


def _check_label(token: Token, char_grid: bool) -> None:
    allowed = token.text.isprintable() if char_grid else token.text.isalnum()
    if not allowed:
        hint = "" if char_grid else ", letters or digits for endpoints"
        raise token.error(f"unknown character {token.text!r}: use '.' for an empty cell{hint}")


def build_instance(
    rows: list[list[Token]], first_line: int, width: int | None = None, char_grid: bool = False
) -> NumberlinkInstance:
    """Validate token rows (shape, characters, label counts) into an instance."""
    if not rows or not rows[0]:
        raise InputError("empty grid: no cells to solve", first_line, 1)
    width = len(rows[0]) if width is None else width
    for row in rows:
        if len(row) != width:
            at = row[width] if len(row) > width else None
            column = at.column if at else (row[-1].column + len(row[-1].text) if row else 1)
            line = at.line if at else (row[-1].line if row else first_line)
            raise InputError(f"ragged row: {len(row)} cells where the grid has {width}", line, column)
    givens: dict[Cell, str] = {}
    seen: Counter[str] = Counter()
    first_seen: dict[str, Token] = {}
    order: list[str] = []
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            if token.text == EMPTY:
                continue
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
    return NumberlinkInstance(Grid(len(rows), width), givens, tuple(order), first_line)


def _parse_comma(lines: list[Line]) -> list[NumberlinkInstance]:
    rows = []
    for line in lines:
        tokens = line.tokens(",")
        for token in tokens:
            if not token.text:
                raise token.error("empty cell between commas: use '.' for an empty cell")
        rows.append(tokens)
    return [build_instance(rows, lines[0].number)]


def _parse_seed001(lines: list[Line]) -> list[NumberlinkInstance]:
    (paths,) = parse_ints(lines[0], 1, "the number of paths K")
    n_rows, n_cols = parse_ints(lines[1], 2, "'N M': numbers of rows and columns")
    body = lines[2:]
    if len(body) != n_rows:
        at = body[n_rows] if len(body) > n_rows else lines[1]
        raise at.error(f"header says {n_rows} rows but the grid has {len(body)}", 1)
    instance = build_instance([line.tokens() for line in body], body[0].number if body else 3, width=n_cols)
    if len(instance.labels) != paths:
        raise lines[0].error(f"header says K={paths} paths but the grid has {len(instance.labels)} labels", 1)
    return [instance]


def _parse_collection(lines: list[Line]) -> list[NumberlinkInstance]:
    instances = []
    at = 0
    while at < len(lines):
        header = lines[at]
        width, height = parse_ints(header, 2, "a 'W H' line (width and height) starting a puzzle")
        if width == 0 and height == 0:
            break
        body = lines[at + 1 : at + 1 + height]
        if len(body) < height:
            raise header.error(f"puzzle declares {height} rows but only {len(body)} follow", 1)
        rows, char_grid = _split_rows(body)
        instances.append(build_instance(rows, header.number, width=width, char_grid=char_grid))
        at += 1 + height
    if not instances:
        raise InputError("no puzzle found before the '0 0' end line", lines[0].number, 1)
    return instances


def _starts_collection(lines: list[Line]) -> bool:
    """A first line ``W H`` followed by a row of W cells (or ``0 0``): the several-puzzles format."""
    if not is_int_line(lines[0], 2):
        return False
    width, height = (int(tok.text) for tok in lines[0].tokens())
    if (width, height) == (0, 0) or len(lines) == 1:
        return True
    row = lines[1]
    return len(row.tokens() if _is_spaced(row) else row.chars()) == width


def parse_numberlink(text: str) -> list[NumberlinkInstance]:
    """Every Numberlink puzzle in ``text``, whichever supported format it uses."""
    lines = content_lines(text)
    if not lines:
        raise InputError("empty input: no puzzle found", 1, 1)
    if is_int_line(lines[0], 1) and len(lines) > 1 and is_int_line(lines[1], 2):
        return _parse_seed001(lines)
    if _starts_collection(lines):
        return _parse_collection(lines)
    if all("," in line.text for line in lines) or (len(lines) == 1 and "," in lines[0].text):
        return _parse_comma(lines)
    rows, char_grid = _split_rows(lines)
    return [build_instance(rows, lines[0].number, char_grid=char_grid)]
