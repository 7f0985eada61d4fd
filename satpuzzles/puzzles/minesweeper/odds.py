"""How a mine probability is written: never a bare number (that is a revealed count), never 0 unless certain."""

from __future__ import annotations

import math

BINS = 10
"""Colour bands of the probability heatmap (0-10 %, 10-20 %, ...)."""


def percent(chance: float) -> str:
    """``.`` certainly safe, ``*`` certainly a mine, ``-`` not computed, else ``33%`` (``<1%``, ``>99%`` at the ends)."""
    if math.isnan(chance):
        return "-"
    if chance == 0:
        return "."
    if chance == 1:
        return "*"
    shown = round(100 * chance)
    if shown < 1:
        return "<1%"
    if shown > 99:
        return ">99%"
    return f"{shown}%"

