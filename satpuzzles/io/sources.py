"""What a command-line SOURCE is: a file, '-' (standard input), or a puzzle written out (a URL or a game id)."""

from __future__ import annotations

import os
import re

from satpuzzles.core.errors import UsageError
from satpuzzles.io.files import read_input

_URL = re.compile(r"https?://|[\w.-]+/p(\.html)?\?", re.IGNORECASE)
_TATHAM_PAGE = re.compile(r"https?://[^#?\s]*/puzzles/js/[\w-]+\.html[#?](?P<id>.+)", re.IGNORECASE)
_GAME_ID = re.compile(r"#?(?P<id>\d+x\d+[^:\s]*:\S+)")


def written_out(text: str) -> str | None:
    """The puzzle text of a URL or a game id typed on the command line, else None.

    A game id copied from a browser keeps its leading '#', and a Tatham puzzle page's URL
    carries the id after it: both are taken down to the id.
    """
    text = text.strip()
    page = _TATHAM_PAGE.fullmatch(text)
    if page is not None:
        return page.group("id")
    game = _GAME_ID.fullmatch(text)
    if game is not None:
        return game.group("id")
    return text if _URL.match(text) else None


def source_text(source: str) -> tuple[str, str]:
    """The puzzle text of a SOURCE and the name to report it by."""
    if source == "-" or os.path.exists(source or "."):  # as pathlib.Path(source).exists(), which "" is
        return read_input(source)
    puzzle = written_out(source)
    if puzzle is None:
        raise UsageError(f"{source}: no such file, and not a puzzle URL or game id")
    return puzzle + "\n", source
