"""Minesweeper from janko.at's puzzle data (io/janko.py): the type ``minesweeper``.

In its problem ``-`` is a cell that may hold a mine and ``0``-``8`` a revealed count (no mine); an optional
``mines N`` setting is the total number of mines. ``x`` marks a square that is no cell of the board (two of
janko.at's 340 boards in tkoz0/janko.at-puzzle-scraping's data/Minesweeper.jsonl.bz2 are not rectangles, such as
/Minesweeper/089): refused, as a board here is a rectangle of cells.
"""

from __future__ import annotations

from satpuzzles.core.spec import Reader
from satpuzzles.io.janko import claim_types, looks_like_janko, read_blocks
from satpuzzles.puzzles.minesweeper.formats import LIMIT
from satpuzzles.puzzles.minesweeper.model import UNKNOWN, MinesweeperInstance

TYPES = ("minesweeper",)
_COUNTS = {str(count): count for count in range(9)}
claim_types("minesweeper", TYPES)


def read_janko(text: str) -> list[MinesweeperInstance]:
    """Every block of janko.at Minesweeper data in the text."""
    import numpy as np

    instances = []
    for block in read_blocks(text, "minesweeper", TYPES, LIMIT, settings=("mines",)):
        cells = np.full((block.height, block.width), UNKNOWN, dtype=np.int8)
        for r, row in enumerate(block.rows):
            for c, token in enumerate(row):
                if token.text in _COUNTS:
                    cells[r, c] = _COUNTS[token.text]
                elif token.text == "x":
                    raise token.error("'x' marks a square outside a janko.at board that is not a rectangle: "
                                      "only rectangular boards are read")
                elif token.text != "-":
                    raise token.error(f"unknown cell {token.text!r} in a janko.at Minesweeper problem: '-' for a "
                                      "cell that may hold a mine, 0-8 for a revealed count")
        mines = block.settings.get("mines")
        if mines is not None and int(mines.text) > cells.size:
            raise mines.error(f"{int(mines.text)} mines but the board has only {cells.size} "
                              f"cell{'' if cells.size == 1 else 's'}")
        instances.append(MinesweeperInstance(cells, None if mines is None else int(mines.text), block.line))
    return instances


JANKO_READER: Reader[MinesweeperInstance] = Reader(
    "janko", read_janko, looks_like_janko,
    "janko.at puzzle data: 'begin', 'puzzle minesweeper', 'size N' or 'rows'/'cols', an optional 'mines N', "
    "'problem' and its rows ('-' unknown, 0-8), 'end'; several blocks one after another",
)
