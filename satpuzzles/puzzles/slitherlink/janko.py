"""Slitherlink from janko.at's puzzle data (io/janko.py): the type ``slitherlink``; ``-`` no clue, ``0``-``3`` a
clue (``4`` too, as in every Slitherlink format here)."""

from __future__ import annotations

from satpuzzles.core.spec import Reader
from satpuzzles.geometry import Cell, Grid
from satpuzzles.io.janko import claim_types, looks_like_janko, read_blocks
from satpuzzles.puzzles.slitherlink.model import SlitherlinkInstance
from satpuzzles.puzzles.slitherlink.url import LIMIT

TYPES = ("slitherlink",)
_CLUES = {str(clue): clue for clue in range(5)}
claim_types("slitherlink", TYPES)


def read_janko(text: str) -> list[SlitherlinkInstance]:
    """Every block of janko.at Slitherlink data in the text."""
    instances = []
    for block in read_blocks(text, "slitherlink", TYPES, LIMIT):
        clues: dict[Cell, int] = {}
        for r, row in enumerate(block.rows):
            for c, token in enumerate(row):
                if token.text in _CLUES:
                    clues[(r, c)] = _CLUES[token.text]
                elif token.text != "-":
                    raise token.error(f"unknown cell {token.text!r} in a janko.at Slitherlink problem: '-' for no "
                                      "clue, 0-4 for a clue")
        instances.append(SlitherlinkInstance(Grid(block.height, block.width), clues, frozenset(), line=block.line))
    return instances


JANKO_READER: Reader[SlitherlinkInstance] = Reader(
    "janko", read_janko, looks_like_janko,
    "janko.at puzzle data: 'begin', 'puzzle slitherlink', 'size N' or 'rows'/'cols', 'problem' and its rows ('-' "
    "no clue, 0-4 a clue), 'end'; several blocks one after another",
)
