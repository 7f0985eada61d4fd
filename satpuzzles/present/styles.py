"""Terminal style names shared by the puzzles' coloured boards (plain strings: no rich import here)."""

from __future__ import annotations

PALETTE = (
    "red", "green", "blue", "yellow", "magenta", "cyan", "bright_red", "bright_green",
    "bright_blue", "dark_orange", "orchid", "turquoise2", "gold1", "deep_pink2", "spring_green2",
    "slate_blue1", "orange_red1", "chartreuse2", "steel_blue1", "light_salmon1",
)
"""Distinct foreground colours, reused in order when a puzzle has more items."""

MARKED = "bold white on red"
"""A clue named by --explain."""


def palette_style(index: int) -> str:
    """The style of the ``index``-th item (path, loop ...)."""
    return PALETTE[index % len(PALETTE)]
