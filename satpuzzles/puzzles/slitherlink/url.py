"""Slitherlink as a puzz.link URL: ``https://puzz.link/p?slither/[f/]W/H/BODY``.

BODY is pzprjs' ``decode4Cell``: ``0``-``4`` a clue, ``5``-``9`` a clue then one empty cell,
``a``-``e`` a clue then two, ``g``-``z`` runs of empty cells, ``.`` a clue mark without a
number (see instances/slitherlink/pzprjs/FORMAT.md). The ``f`` flag asks the loop to
visit every dot. Also read from pzv.jp and other pzprjs hosts.
"""

from __future__ import annotations

from satpuzzles.geometry import Cell, Grid
from satpuzzles.io.puzzlink import UrlHead, blank_runs, read_head, run_length, url
from satpuzzles.io.textgrid import Line, SizeLimit
from satpuzzles.puzzles.slitherlink.model import UNKNOWN, SlitherlinkInstance

URL_TYPES = ("slither", "slitherlink")
FLAGS = {"f": "visit every dot"}
LIMIT = SizeLimit("Slitherlink", side=1000, cells=250_000)
"""The largest board read, in every format (docs/reliability.md: about 1 GB and tens of seconds at the
limit for an easy puzzle; long thin boards full of small loops are slow well below it)."""


def _cell(ch: str) -> tuple[int | str | None, int] | None:
    """The cell a BODY character starts with and how many cells it covers (None: not a BODY character)."""
    if ch in "01234":
        return int(ch), 1
    if ch in "56789":
        return int(ch) - 5, 2
    if ch in "abcde":
        return int(ch, 16) - 10, 3
    if run_length(ch) is not None:
        return None, run_length(ch) or 0
    if ch == ".":
        return UNKNOWN, 1
    return None


def _decode_body(head: UrlHead) -> tuple[dict[Cell, int], frozenset[Cell]]:
    clues: dict[Cell, int] = {}
    unknown: set[Cell] = set()
    cursor = 0
    for offset, ch in enumerate(head.body):
        if cursor >= head.size:  # as pzprjs' decode4Cell, what follows the last cell is not read
            break
        decoded = _cell(ch)
        if decoded is None:
            raise head.error(f"unknown character {ch!r} in URL body: expected 0-9, a-e, g-z or '.'", offset)
        value, advance = decoded
        cell = divmod(cursor, head.width)
        if value == UNKNOWN:
            unknown.add(cell)
        elif isinstance(value, int):
            clues[cell] = value
        cursor += advance
    return clues, frozenset(unknown)


def read_url(line: Line) -> SlitherlinkInstance:
    """The puzzle of a ``slither`` URL."""
    head = read_head(line, URL_TYPES, "Slitherlink", FLAGS)
    LIMIT.check(head.height, head.width, line.number, head.body_column)
    clues, unknown = _decode_body(head)
    return SlitherlinkInstance(Grid(head.height, head.width), clues, unknown, "f" in head.flags, line.number)


def _clue_char(value: int, blanks_after: int) -> str:
    if not 0 <= value <= 4:
        raise ValueError(f"clue {value} cannot be written in a puzz.link URL (0-4 only)")
    return "0123456789abcde"[value + 5 * blanks_after]


def _encode_body(instance: SlitherlinkInstance) -> str:
    cells = [instance.clues.get(cell, UNKNOWN if cell in instance.unknown else None) for cell in instance.grid.cells()]
    out: list[str] = []
    blanks = 0
    at = 0
    while at < len(cells):
        value = cells[at]
        if value is None:
            blanks += 1
            at += 1
            continue
        out.append(blank_runs(blanks))
        blanks = 0
        if value == UNKNOWN:
            out.append(".")
            at += 1
            continue
        # pzprjs' encode4Cell: plain before a clued cell, one blank skipped before a clued cell two on, else two
        # (also past the board's end: a final clue is 'a'-'e')
        after = cells[at + 1:at + 3]
        following = 0 if after and after[0] is not None else 1 if len(after) == 2 and after[1] is not None else 2
        out.append(_clue_char(int(value), following))
        at += 1 + following
    out.append(blank_runs(blanks))
    return "".join(out)


def to_url(instance: SlitherlinkInstance) -> str:
    """The puzzle as a puzz.link URL."""
    flags = "f" if instance.visit_all else ""
    return url("slither", instance.grid.cols, instance.grid.rows, _encode_body(instance), flags)
