"""Counts in words: "1 row", "2 rows" (messages say the singular for one); how wide a text is on a terminal."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str = "") -> str:
    """``number`` and ``noun``, in the plural (``plural``, else ``noun`` + 's') unless the number is 1."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def listed(items: list[str]) -> str:
    """``items`` as a phrase: ``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def columns(text: str) -> int:
    """Terminal columns ``text`` takes: two for each wide character (CJK, fullwidth forms), one for the others."""
    if text.isascii():
        return len(text)
    import unicodedata  # texts beyond ASCII only

    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)
