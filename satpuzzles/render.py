"""Shared terminal styling: the colour palette and console construction."""

from __future__ import annotations

import os
import sys
from typing import TextIO

from rich.console import Console

PALETTE = (
    "red", "green", "blue", "yellow", "magenta", "cyan", "bright_red", "bright_green",
    "bright_blue", "dark_orange", "orchid", "turquoise2", "gold1", "deep_pink2", "spring_green2",
    "slate_blue1", "orange_red1", "chartreuse2", "steel_blue1", "light_salmon1",
)
"""Distinct foreground colours, reused in order when a puzzle has more items."""


def palette_style(index: int) -> str:
    """The style of the ``index``-th item (path, loop ...)."""
    return PALETTE[index % len(PALETTE)]


def use_colour(stream: TextIO) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set."""
    return stream.isatty() and not os.environ.get("NO_COLOR")


def make_console(stream: TextIO | None = None) -> Console:
    """A rich console on ``stream`` (stdout by default), plain unless colour is wanted."""
    stream = stream or sys.stdout
    colour = use_colour(stream)
    return Console(
        file=stream,
        force_terminal=colour,
        no_color=not colour,
        highlight=False,
        soft_wrap=True,
        width=100000 if not colour else None,
    )
