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



def risk(chance: float) -> str:
    """A hint's risk to one decimal, ``12.5%``; never ``0.0%`` or ``100.0%`` for a cell that is not certain."""
    if 0 < chance < 0.0005:
        return "<0.1%"
    if 0.9995 <= chance < 1:
        return ">99.9%"
    return f"{100 * chance:.1f}%"


def rounded(chance: float) -> float:
    """A probability for JSON: 6 decimals, but one strictly between 0 and 1 is never written as 0 or 1 (which say
    the cell is certain): 6 significant digits then (``4.44444e-07``; ``0.99999975`` near 1)."""
    shown = round(chance, 6)
    if 0 < chance < 1 and shown in (0, 1):
        return float(f"{chance:.6g}") if chance < 0.5 else 1 - float(f"{1 - chance:.6g}")
    return shown
