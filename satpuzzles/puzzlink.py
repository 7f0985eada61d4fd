"""Pieces of pzprjs' URL bodies shared by the puzz.link formats of several puzzles."""

from __future__ import annotations

RUN_LETTERS = "ghijklmnopqrstuvwxyz"
"""g, h, ..., z: a run of 1, 2, ..., 20 empty cells."""


def blank_runs(count: int) -> str:
    """The letters for ``count`` empty cells in a row (runs of at most 20 each; '' for none)."""
    full, rest = divmod(count, len(RUN_LETTERS))
    return RUN_LETTERS[-1] * full + (RUN_LETTERS[rest - 1] if rest else "")
