"""The puzzles the tool knows; the CLI builds one command per entry."""

from __future__ import annotations

from typing import Any

from satpuzzles.puzzle import Puzzle
from satpuzzles.puzzles.minesweeper import Minesweeper
from satpuzzles.puzzles.numberlink import Numberlink
from satpuzzles.puzzles.slitherlink import Slitherlink

PUZZLES: dict[str, Puzzle[Any, Any]] = {puzzle.name: puzzle for puzzle in (Numberlink(), Minesweeper(), Slitherlink())}
"""Every registered puzzle by command name."""


def get_puzzle(name: str) -> Puzzle[Any, Any]:
    """The registered puzzle called ``name``."""
    return PUZZLES[name]
