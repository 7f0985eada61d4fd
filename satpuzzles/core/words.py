"""Counts in words: "1 row", "2 rows" (messages say the singular for one)."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str = "") -> str:
    """``number`` and ``noun``, in the plural (``plural``, else ``noun`` + 's') unless the number is 1."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
