"""What a command-line SOURCE is: a file, '-' (standard input), or a puzzle written out (a URL or a game id)."""

from __future__ import annotations

import os

from satpuzzles.core.errors import UsageError
from satpuzzles.io.files import read_input

_URL = r"https?://|[\w.-]+/p(\.html)?\?"
_TATHAM_PAGE = r"https?://[^#?\s]*/puzzles/js/[\w-]+\.html[#?](?P<id>.+)"
_GAME_ID = r"#?(?P<id>\d+x\d+[^:#\s]*[:#]\S+|\d+t\d+[^:#\s]*:\S+)"
"""Patterns (the URLs case-insensitive), compiled by re on first use: a SOURCE that is a file needs none. A game
id is ``WxH...:DESC`` (or ``NtT...:DESC`` for N x N, as Loopy reads it; a bare ``N:`` is taken in files only, as a
missing file's name may look like it); ``WxH...#SEED`` is a random seed, which the puzzle's reader then explains."""


def written_out(text: str) -> str | None:
    """The puzzle text of a URL or a game id typed on the command line, else None.

    A game id copied from a browser keeps its leading '#', and a Tatham puzzle page's URL
    carries the id after it: both are taken down to the id.
    """
    import re

    text = text.strip()
    page = re.fullmatch(_TATHAM_PAGE, text, re.IGNORECASE)
    if page is not None:
        return page.group("id")
    game = re.fullmatch(_GAME_ID, text)
    if game is not None:
        return game.group("id")
    return text if re.match(_URL, text, re.IGNORECASE) else None


def is_written_out(source: str) -> bool:
    """Whether a SOURCE is a URL or a game id (not '-' or a file)."""
    return source != "-" and not os.path.exists(source or ".") and written_out(source) is not None


def source_text(source: str) -> tuple[str, str]:
    """The puzzle text of a SOURCE and the name to report it by."""
    if source == "-" or os.path.exists(source or "."):  # as pathlib.Path(source).exists(), which "" is
        return read_input(source)
    puzzle = written_out(source)
    if puzzle is None:
        raise UsageError(f"{source}: no such file, and not a puzzle URL or game id")
    # Spaces in place of what comes before the puzzle text ('#', a Tatham page's URL): the readers skip them,
    # and an error's column then points into what was typed.
    before = len(source.rstrip()) - len(puzzle)
    return " " * before + puzzle + "\n", source
