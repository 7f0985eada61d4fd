"""Masyu as a game id of Simon Tatham's Pearl: ``W[xH][dD][n]:DESC`` (Game > Specific, or a page's ``#...``).

DESC lists the cells in reading order (pearl.c, ``new_game``): ``B`` a black circle, ``W`` a
white one, ``a`` to ``z`` a run of 1 to 26 empty cells; the parameters are the width, the
height (the width when left out), the difficulty letter and ``n`` (the puzzle may be
insoluble), the last two ignored here. :func:`to_pearl` writes the id as pearl.c's ``new_game_desc``
does (runs longer than 26 split); Pearl takes boards of at least 5x5 only, and has no "visit every
cell" variant: the writer refuses those.
"""

from __future__ import annotations

from satpuzzles.geometry import Cell, Grid
from satpuzzles.io.tatham import description, run_length, size_at
from satpuzzles.io.textgrid import Line
from satpuzzles_masyu.model import BLACK, WHITE, Colour, MasyuInstance
from satpuzzles_masyu.url import LIMIT

CLUES: dict[str, Colour] = {"B": BLACK, "W": WHITE}
SHAPE = "WxH:DESC (as 10x10de:aWcB...)"
SMALLEST = 5
"""Pearl's boards are at least this wide and high (pearl.c's ``validate_params``: "Width must be at least five")."""


def _params(params: str) -> tuple[int, int] | None:
    """Width and height from ``W[xH][dD][n]``, or None when ``params`` is not exactly that."""
    size = size_at(params)
    if size is None:
        return None
    width, height, at = size
    if params[at:at + 1] == "d" and params[at + 1:at + 2].isalpha():
        at += 2
    if params[at:at + 1] == "n":
        at += 1
    return (width, height) if at == len(params) else None


def is_pearl_id(line: Line) -> bool:
    """Whether ``line`` looks like a Pearl game id: its parameters, ':' and a description of circles (B, W) and
    runs of empty cells (a-z). A Loopy id has digits (its clues) unless it has no clue at all, and then it reads
    as both (detection asks which puzzle is meant)."""
    params, colon, desc = line.text.strip().partition(":")
    return bool(colon) and _params(params) is not None and bool(desc) and all(
        ch in CLUES or "a" <= ch <= "z" for ch in desc)


def read_pearl(line: Line) -> MasyuInstance:
    """The puzzle of a Pearl game id."""
    start = len(line.text) - len(line.text.lstrip()) + 1
    params, colon, desc = line.text.strip().partition(":")
    size = _params(params)
    if not colon or size is None:
        raise line.error(f"bad Pearl game id: expected {SHAPE}", start)
    width, height = size
    if width == 0 or height == 0:
        raise line.error(f"empty grid: Pearl size {width}x{height} has no cells", start)
    LIMIT.check(height, width, line.number, start)
    circles: dict[Cell, Colour] = {}
    at, cells = start + len(params) + 1, width * height
    index = 0
    for offset, ch in enumerate(desc):
        if index >= cells:
            raise line.error(f"Pearl description is longer than the {width}x{height} = {cells} cells", at + offset)
        if ch in CLUES:
            circles[divmod(index, width)] = CLUES[ch]
            index += 1
        elif (run := run_length(ch)) is not None:
            index += run
        else:
            raise line.error(f"unknown character {ch!r} in Pearl description: expected B, W or a-z", at + offset)
    if index != cells:
        what = "longer than" if index > cells else f"too short: it covers {index} of"
        raise line.error(f"Pearl description is {what} the {width}x{height} = {cells} cells", at + len(desc))
    return MasyuInstance(Grid(height, width), circles, line.number)


def to_pearl(instance: MasyuInstance) -> str:
    """The puzzle as a Pearl game id, ``WxH:DESC`` as Pearl writes it; ValueError for what Pearl cannot take."""
    grid = instance.grid
    if instance.visit_all:
        raise ValueError("a Pearl game id cannot say that the loop visits every cell (puzz.link's 'f' flag)")
    if grid.cols < SMALLEST or grid.rows < SMALLEST:
        raise ValueError(f"Pearl's boards are at least {SMALLEST}x{SMALLEST}; this one is {grid.cols}x{grid.rows}")
    letter = {colour: ch for ch, colour in CLUES.items()}
    cells = (letter[instance.circles[cell]] if cell in instance.circles else None for cell in grid.cells())
    return f"{grid.cols}x{grid.rows}:{description(cells)}"
