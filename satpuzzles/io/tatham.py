"""Pieces of Simon Tatham's game ids (``PARAMS:DESC``) that several puzzles read and write: numbers, the board
size, and the runs of empty cells in a description (``a`` to ``z``: 1 to 26 cells, as Loopy and Pearl write them).

By hand, not by ``re``: loading it cost a solve 5 ms.
"""

from __future__ import annotations

from satpuzzles.io.textgrid import with_runs

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

_DIGITS = frozenset("0123456789")
LONGEST_RUN = 26
"""The most empty cells one letter stands for (``z``)."""


MAX_DIGITS = 100
"""Longest number read in a game id's parameters: any size a person types is read, and refused by the puzzle's size
limit with its own message, not as malformed parameters."""


def digits_end(text: str, start: int) -> int:
    """Where the run of ASCII digits in ``text`` from ``start`` ends."""
    end = start
    while end < len(text) and text[end] in _DIGITS:
        end += 1
    return end


def number_at(text: str, start: int) -> tuple[int, int] | None:
    """The number of 1-MAX_DIGITS digits at ``start`` and where it ends, or None."""
    end = digits_end(text, start)
    return (int(text[start:end]), end) if 1 <= end - start <= MAX_DIGITS else None


def size_at(params: str) -> tuple[int, int, int] | None:
    """Width, height and where they end, from parameters that start ``WxH`` or ``N`` (N x N, as the games read
    it); None when they do not."""
    width = number_at(params, 0)
    if width is None:
        return None
    height = number_at(params, width[1] + 1) if params[width[1]:width[1] + 1] == "x" else width
    return None if height is None else (width[0], height[0], height[1])


def run_length(ch: str) -> int | None:
    """How many empty cells a run letter ``a``-``z`` stands for (None for another character)."""
    return ord(ch) - ord("a") + 1 if "a" <= ch <= "z" else None


def empty_runs(count: int) -> str:
    """The letters for ``count`` empty cells in a row: ``z`` for each 26, then one for the rest ('' for none)."""
    full, rest = divmod(count, LONGEST_RUN)
    return "z" * full + (chr(ord("a") + rest - 1) if rest else "")


def description(cells: Iterable[str | None]) -> str:
    """A game id's DESC: each cell's character in reading order, each run of empty cells (None) as run letters."""
    return with_runs(cells, empty_runs)
