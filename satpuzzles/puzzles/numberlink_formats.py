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

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from satpuzzles.errors import InputError
from satpuzzles.geometry import Cell, Grid
from satpuzzles.jsonio import JsonReader
from satpuzzles.puzzlink import blank_runs
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


def _parse_grid(lines: list[Line]) -> list[NumberlinkInstance]:
    rows, char_grid = _split_rows(lines)
    return [build_instance(rows, lines[0].number, char_grid=char_grid)]


def _parse_url(lines: list[Line]) -> list[NumberlinkInstance]:
    """One puzzle per line (a file of URLs is a collection, as ``generate --url --count`` writes)."""
    return [parse_url(line) for line in lines]


def _content(text: str) -> list[Line]:
    lines = content_lines(text)
    if not lines:
        raise InputError("empty input: no puzzle found", 1, 1)
    return lines


def parse_numberlink(text: str) -> list[NumberlinkInstance]:
    """Every Numberlink puzzle in ``text``, whichever supported format it uses."""
    lines = _content(text)
    if is_url(lines[0]):
        return _parse_url(lines)
    if is_int_line(lines[0], 1) and len(lines) > 1 and is_int_line(lines[1], 2):
        return _parse_seed001(lines)
    if _starts_collection(lines):
        return _parse_collection(lines)
    if all("," in line.text for line in lines) or (len(lines) == 1 and "," in lines[0].text):
        return _parse_comma(lines)
    return _parse_grid(lines)


INPUT_FORMATS: dict[str, Callable[[str], list[NumberlinkInstance]]] = {
    name: (lambda text, read=read: read(_content(text)))
    for name, read in (
        ("comma", _parse_comma),
        ("seed001", _parse_seed001),
        ("collection", _parse_collection),
        ("grid", _parse_grid),
        ("url", _parse_url),
    )
}
"""The text formats by --input-format name (``parse_numberlink`` detects among them)."""


def numberlink_to_json(instance: NumberlinkInstance) -> dict[str, object]:
    """The envelope's ``input``: width, height and a row-major grid of labels, ``.`` for empty cells."""
    grid = instance.grid
    cells = [[instance.givens.get((r, c), EMPTY) for c in range(grid.cols)] for r in range(grid.rows)]
    return {"width": grid.cols, "height": grid.rows, "grid": cells}


def numberlink_from_json(data: object, line: int, column: int) -> NumberlinkInstance:
    """The puzzle an ``input`` object describes (as :func:`numberlink_to_json` writes it)."""
    reader = JsonReader(data, line, column)
    width, height = reader.size("width"), reader.size("height")
    rows = reader.rows("grid", height, width, as_lists=True)
    for r, row in enumerate(rows):
        bad = next((cell for cell in row if not cell.isprintable() or cell.split() != [cell]), None)
        if bad is not None:
            raise reader.error(f"input.grid[{r}]", f"bad label {bad!r}: printable text without spaces, '.' for none")
    tokens = [[Token(cell, line, column) for cell in row] for row in rows]
    try:
        return build_instance(tokens, line, width, char_grid=True)
    except InputError as exc:
        raise reader.error("input.grid", exc.message) from None


URL_TYPES = ("numlin", "arukone")
URL_HOST = "https://puzz.link/p?numlin/"
URL_SHAPE = "'https://puzz.link/p?numlin/W/H/BODY'"
_URL_START = re.compile(r"\s*(https?://|[\w.-]+/p(\.html)?\?)", re.IGNORECASE)
_URL_NUMBER_FORMS = (
    (77776, "$", 5, 77776), (12240, "*", 4, 12240), (8192, "%", 3, 8192), (4096, "=", 3, 4096),
    (256, "+", 3, 0), (16, "-", 2, 0),
)
"""pzprjs' Number16 forms above one hex digit: lowest value, prefix, hex digits that follow, offset added."""
_URL_WIDE = {prefix: (digits, offset) for _, prefix, digits, offset in _URL_NUMBER_FORMS}
_URL_MAX_NUMBER = 77776 + 0xFFFFF


def _first_column(line: Line) -> int:
    return len(line.text) - len(line.text.lstrip()) + 1


def is_url(line: Line) -> bool:
    """Whether ``line`` looks like a puzz.link / pzv.jp URL rather than a grid row."""
    return _URL_START.match(line.text) is not None


def _url_size(line: Line, part: str, column: int, what: str) -> int:
    if not (part.isascii() and part.isdigit()) or int(part) == 0:
        raise line.error(f"bad {what} {part!r} in URL: expected a positive number, as in {URL_SHAPE}", column)
    return int(part)


def _decode_body(line: Line, body: str, start: int, grid: Grid) -> dict[Cell, str]:
    """pzprjs' decodeNumber16: hex numbers (with wide forms), ``g``-``z`` runs of empty cells."""
    numbers: dict[Cell, str] = {}
    cursor, at = 0, 0
    while at < len(body) and cursor < grid.size:
        ch, column = body[at], start + at
        if ch in "0123456789abcdef":
            numbers[divmod(cursor, grid.cols)] = str(int(ch, 16))
            cursor, at = cursor + 1, at + 1
        elif ch in _URL_WIDE:
            digits, offset = _URL_WIDE[ch]
            hex_text = body[at + 1 : at + 1 + digits]
            if len(hex_text) != digits or any(d not in "0123456789abcdef" for d in hex_text):
                raise line.error(f"{ch!r} in the URL body needs {digits} hex digits after it", column)
            numbers[divmod(cursor, grid.cols)] = str(int(hex_text, 16) + offset)
            cursor, at = cursor + 1, at + 1 + digits
        elif "g" <= ch <= "z":
            cursor, at = cursor + int(ch, 36) - 15, at + 1
        elif ch == ".":
            raise line.error("'?' endpoint (a number left unknown) in the URL: every endpoint needs its number", column)
        else:
            raise line.error(f"unknown character {ch!r} in URL body: expected 0-9, a-f, '-', '+', g-z", column)
    if cursor < grid.size:
        raise line.error(
            f"URL body too short: it ends after {cursor} of the {grid.cols}x{grid.rows} = {grid.size} cells",
            start + len(body),
        )
    if at < len(body):
        raise line.error("URL body is longer than the grid: unexpected text after the last cell", start + at)
    return numbers


def parse_url(line: Line) -> NumberlinkInstance:
    """A ``numlin`` (or ``arukone``) puzz.link URL: W/H then pzprjs' Number16 body."""
    text = line.text.rstrip()
    query = text.find("?")
    if query < 0:
        raise line.error(f"not a puzz.link URL: expected {URL_SHAPE}", _first_column(line))
    parts, column = [], query + 2
    for part in text[query + 1 :].split("/"):
        parts.append((part, column))
        column += len(part) + 1
    kind, column = parts[0]
    if kind not in URL_TYPES:
        raise line.error(f"not a Numberlink URL: puzzle type {kind!r}, expected 'numlin'", column)
    if len(parts) > 1 and parts[1][0] and not parts[1][0].isdigit():
        flag, column = parts[1]
        raise line.error(f"unknown URL flag {flag!r}: every cell must be filled here (Numberlink's rules)", column)
    if len(parts) < 3:
        raise line.error(f"URL too short: expected {URL_SHAPE}", len(text) + 1)
    width = _url_size(line, *parts[1], "width")
    height = _url_size(line, *parts[2], "height")
    grid = Grid(height, width)
    body_start = parts[3][1] if len(parts) > 3 else len(text) + 1
    numbers = _decode_body(line, text[body_start - 1 :], body_start, grid)
    rows = [[Token(numbers.get((r, c), EMPTY), line.number, body_start) for c in range(width)] for r in range(height)]
    try:
        return build_instance(rows, line.number, width, char_grid=True)
    except InputError as exc:
        raise line.error(f"in the URL: {exc.message}", body_start) from None


def _write_number(value: int) -> str:
    """pzprjs' writeNumber16, with the wide forms zero-padded to the width its reader expects."""
    for low, prefix, digits, offset in _URL_NUMBER_FORMS:
        if value >= low:
            return f"{prefix}{value - offset:0{digits}x}"
    return f"{value:x}"


def url_numbers(instance: NumberlinkInstance) -> dict[str, int]:
    """Each label's number in a URL: its own when all are distinct numbers, else 1, 2, ... in reading order."""
    values = {label: int(label) for label in instance.labels if label.isascii() and label.isdigit()}
    values = {label: value for label, value in values.items() if value <= _URL_MAX_NUMBER}
    if len(values) == len(instance.labels) and len(set(values.values())) == len(values):
        return values
    return {label: number for number, label in enumerate(instance.labels, start=1)}


def to_url(instance: NumberlinkInstance) -> str:
    """The puzzle as a puzz.link ``numlin`` URL (pzprjs' encodeNumber16)."""
    numbers = url_numbers(instance)
    out: list[str] = []
    blanks = 0
    for cell in instance.grid.cells():
        label = instance.givens.get(cell)
        if label is None:
            blanks += 1
            continue
        out.append(blank_runs(blanks) + _write_number(numbers[label]))
        blanks = 0
    out.append(blank_runs(blanks))
    return f"{URL_HOST}{instance.grid.cols}/{instance.grid.rows}/{''.join(out)}"


def to_text(instance: NumberlinkInstance) -> str:
    """The puzzle in the several-puzzles format: a ``W H`` line, then rows of space-separated cells.

    Such blocks can follow one another in one file.
    """
    grid = instance.grid
    rows = [" ".join(instance.givens.get((r, c), EMPTY) for c in range(grid.cols)) for r in range(grid.rows)]
    return f"{grid.cols} {grid.rows}\n" + "\n".join(rows) + "\n"
