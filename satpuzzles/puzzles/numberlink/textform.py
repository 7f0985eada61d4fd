"""``Puzzle.text()`` for Numberlink: the text board under its ``# rules:`` line, or, where no text board reads
back as the same puzzle, the JSON ``input`` object.

A JSON input (or the Python API) takes labels no text board can hold together: any printable word, as ``_`` beside
``10`` (a character grid has one character a cell, space-separated rows words of letters and digits), ``x,y``, or
``#`` alone in a row, which reads as a comment. The text board is read back by the puzzle's readers and kept when
it gives the same board under the same rules; else the one-line JSON object, which reads back exactly.
"""

from __future__ import annotations

import json
from typing import Any

from satpuzzles.core.errors import InputError
from satpuzzles.core.outcome import Settings
from satpuzzles.core.spec import PuzzleSpec
from satpuzzles.io.reading import read_instances
from satpuzzles.puzzles.numberlink.jsoninput import to_json
from satpuzzles.puzzles.numberlink.model import NumberlinkInstance
from satpuzzles.puzzles.numberlink.stated import stated_comment, stated_options
from satpuzzles.puzzles.numberlink.view import text


def puzzle_text(spec: PuzzleSpec[Any, Any], instance: NumberlinkInstance) -> str:
    """``instance`` as text ``spec``'s readers read back as the same puzzle: its board headed by its ``# rules:``
    line, else its JSON ``input`` object on one line."""
    board = stated_comment(instance) + text(instance, None, Settings(), ())
    try:
        again = read_instances(spec, board, named=True)
    except InputError:
        again = []
    if len(again) == 1 and _same(again[0], instance):
        return board
    return json.dumps(to_json(instance), ensure_ascii=False)


def _same(read: NumberlinkInstance, instance: NumberlinkInstance) -> bool:
    return (read.grid == instance.grid and read.givens == instance.givens
            and stated_options(read) == stated_options(instance))
