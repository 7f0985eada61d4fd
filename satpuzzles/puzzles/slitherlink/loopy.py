"""Slitherlink as a game id of Simon Tatham's Loopy on the square grid: ``WxHt0:DESC`` (Game > Specific).

DESC lists the cells in reading order as Loopy's ``state_to_text`` writes them (loopy.c): a
digit is a clue, ``a`` to ``z`` a run of 1 to 26 empty cells. The parameters are the width,
the height (the width when left out, as Loopy reads it), ``t`` and the grid type (0: squares;
square when left out) and ``d`` with the difficulty letter, ignored here. Loopy takes square
grids of at least 3x3 only, and has neither clue marks without a number nor puzz.link's
"visit every dot" variant: the writer refuses those.
"""

from __future__ import annotations

from satpuzzles.core.words import counted
from satpuzzles.geometry import Cell, Grid
from satpuzzles.io.tatham import description, digits_end, number_at, run_length, size_at
from satpuzzles.io.textgrid import Line, first_column
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance
from satpuzzles.puzzles.slitherlink.url import LIMIT

LOOPY_SHAPE = "'WxHt0:DESC'"
SMALLEST = 3
"""Loopy's square grids are at least this wide and high (loopy.c's GRIDLIST: "Width and height for this grid type
must both be at least 3")."""
GRID_TYPES = ("Squares", "Triangular", "Honeycomb", "Snub-Square", "Cairo", "Great-Hexagonal", "Octagonal", "Kites",
              "Floret", "Dodecagonal", "Great-Dodecagonal", "Penrose kite/dart", "Penrose rhombs")
"""The names of Loopy's grid types t0, t1, ... as its Type menu names them (loopy.c's GRIDLIST; later versions add
more, which an error then names by number alone)."""


def _loopy_params(params: str) -> tuple[int, int, int | None, int] | None:
    """Width, height, grid type (None: not given) and where its ``t`` stands, from a Loopy game id's parameters
    ``WxH[tT][dD]`` or ``N[tT][dD]`` (N x N, as Loopy reads it; each number of 1-MAX_DIGITS digits, D a letter); None
    when ``params`` is not exactly that."""
    size = size_at(params)
    if size is None:
        return None
    width, height, at = size
    grid_type, type_at = None, -1
    if params[at:at + 1] == "t":
        number = number_at(params, at + 1)
        if number is None:
            return None
        type_at, (grid_type, at) = at, number
    if params[at:at + 1] == "d" and "a" <= params[at + 1:at + 2] <= "z":
        at += 2
    return (width, height, grid_type, type_at) if at == len(params) else None


def is_loopy(line: Line) -> bool:
    """Whether ``line`` looks like a Loopy game id (a size, then ``:``, ``x`` or ``t`` and a digit)."""
    text = line.text.lstrip()
    size = digits_end(text, 0)
    after = text[size:size + 2]
    return size > 0 and (after[:1] == ":" or after[:1] in ("x", "t") and "0" <= after[1:] <= "9")


def read_loopy(line: Line) -> SlitherlinkInstance:
    """The puzzle of a Loopy game id."""
    start = first_column(line)
    params, colon, desc = line.text.strip().partition(":")
    if not colon and "#" in params:
        raise line.error("a random seed ('#') of Simon Tatham's games (Loopy, Pearl) names no puzzle until the game "
                         f"generates it: give the game id (Game > Specific; Loopy's is {LOOPY_SHAPE})",
                         start + params.index("#"))
    if not colon:
        raise line.error(f"Loopy game id needs ':' before the description, as in {LOOPY_SHAPE}", start + len(params))
    parsed = _loopy_params(params)
    if parsed is None:
        raise line.error(f"bad Loopy parameters {params[:40]!r}: expected {LOOPY_SHAPE}", start)
    width, height, grid_type, type_at = parsed
    if grid_type is not None and grid_type != 0:
        name = f" ({GRID_TYPES[grid_type]})" if grid_type < len(GRID_TYPES) else ""
        raise line.error(f"Loopy grid type t{grid_type}{name}: only square grids (t0) are supported", start + type_at)
    if width == 0 or height == 0:
        raise line.error(f"empty grid: Loopy size {width}x{height} has no cells", start)
    LIMIT.check(height, width, line.number, start)
    grid = Grid(height, width)
    clues = _decode_loopy(line, desc, start + len(params) + 1, grid)
    return SlitherlinkInstance(grid, clues, line=line.number)


def _decode_loopy(line: Line, desc: str, start: int, grid: Grid) -> dict[Cell, int]:
    clues: dict[Cell, int] = {}
    cursor = 0
    for offset, ch in enumerate(desc):
        column = start + offset
        clue: int | None = None
        if ch in "0123456789":
            clue, advance = int(ch), 1
            if clue > 4:
                raise line.error(f"clue {ch} is not 0-4", column)
        elif (run := run_length(ch)) is not None:
            advance = run
        else:
            raise line.error(f"unknown character {ch!r} in Loopy description: expected 0-4 or a-z", column)
        if cursor + advance > grid.size:
            raise line.error(
                f"Loopy description is longer than the {grid.cols}x{grid.rows} = {counted(grid.size, 'cell')}", column
            )
        if clue is not None:
            clues[divmod(cursor, grid.cols)] = clue
        cursor += advance
    if cursor < grid.size:
        raise line.error(
            f"Loopy description too short: it covers {cursor} of the {grid.cols}x{grid.rows} = {counted(grid.size, 'cell')}",
            start + len(desc),
        )
    return clues


def to_loopy(instance: SlitherlinkInstance) -> str:
    """The puzzle as a Loopy game id, ``WxHt0:DESC`` as Loopy writes it; ValueError for what Loopy cannot take."""
    grid = instance.grid
    if instance.visit_all:
        raise ValueError("a Loopy game id cannot say that the loop visits every dot (puzz.link's 'f' flag)")
    if instance.unknown:
        raise ValueError("Loopy has no clue mark without a number ('?'), which this puzzle has in "
                         f"{counted(len(instance.unknown), 'cell')}")
    if grid.cols < SMALLEST or grid.rows < SMALLEST:
        raise ValueError(f"Loopy's square grids are at least {SMALLEST}x{SMALLEST}; this one is {grid.cols}x{grid.rows}")
    unwritable = {cell: value for cell, value in instance.clues.items() if not 0 <= value <= 4}
    if unwritable:
        cell, value = min(unwritable.items())
        raise ValueError(f"clue {value} (row {cell[0] + 1}, column {cell[1] + 1}) cannot be written in a Loopy game "
                         "id (0-4 only)")
    cells = (str(instance.clues[cell]) if cell in instance.clues else None for cell in grid.cells())
    return f"{grid.cols}x{grid.rows}t0:{description(cells)}"
