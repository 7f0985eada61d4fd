"""Pieces of Simon Tatham's game ids (``PARAMS:DESC``) that several puzzles read: numbers and the board size.

By hand, not by ``re``: loading it cost a solve 5 ms.
"""

from __future__ import annotations

_DIGITS = frozenset("0123456789")


def digits_end(text: str, start: int) -> int:
    """Where the run of ASCII digits in ``text`` from ``start`` ends."""
    end = start
    while end < len(text) and text[end] in _DIGITS:
        end += 1
    return end


def number_at(text: str, start: int) -> tuple[int, int] | None:
    """The number of 1-9 digits at ``start`` and where it ends, or None."""
    end = digits_end(text, start)
    return (int(text[start:end]), end) if 1 <= end - start <= 9 else None


def size_at(params: str) -> tuple[int, int, int] | None:
    """Width, height and where they end, from parameters that start ``WxH`` or ``N`` (N x N, as the games read
    it); None when they do not."""
    width = number_at(params, 0)
    if width is None:
        return None
    height = number_at(params, width[1] + 1) if params[width[1]:width[1] + 1] == "x" else width
    return None if height is None else (width[0], height[0], height[1])
