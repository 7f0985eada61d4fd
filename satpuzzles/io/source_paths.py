"""What a source given to the Python API names: a file (a path or ``os.PathLike``), a folder, or the puzzle itself.

The command line reads a SOURCE with io/sources.py; the API also takes the puzzle's text itself, so it tells a
text from a file that is not there (for its error messages) here.
"""

from __future__ import annotations

import os
from pathlib import Path

from satpuzzles.core.errors import UsageError
from satpuzzles.io.files import read_input
from satpuzzles.io.sources import source_text


def text_of(source: str | os.PathLike[str]) -> tuple[str, str, str | None]:
    """The text of a source (a path, a URL or game id as the CLI reads them, or the puzzle's text itself), the name
    to report it by, and the file's path when it is a file."""
    if isinstance(source, os.PathLike):
        path = os.fspath(source)
        if Path(path).is_dir():
            raise UsageError(f"{path}: a folder, not a puzzle file (satpuzzles batch solves a folder)")
        if not Path(path).exists():
            raise UsageError(f"{path}: no such file")
        return (*read_input(path), path)
    if not isinstance(source, str):
        raise TypeError(f"a puzzle source is a path or the puzzle's text, not {type(source).__name__}")
    if _is_folder(source):
        raise UsageError(f"{source.strip()}: a folder, not a puzzle file (satpuzzles batch solves a folder)")
    text, name = source_text(source, text=True)
    return text, name, source if "\n" not in source.strip() and _is_file(source) else None


def _is_folder(source: str) -> bool:
    """Whether one line of text names an existing folder."""
    try:
        return "\n" not in source.strip() and Path(source.strip()).is_dir()
    except (OSError, ValueError):
        return False


def _is_file(source: str) -> bool:
    """Whether ``source`` names an existing file (a one-line text too long for a file name does not)."""
    try:
        return Path(source).is_file()
    except (OSError, ValueError):
        return False


def looks_like_path(source: str | os.PathLike[str]) -> bool:
    """Whether a source that read as no puzzle was meant as a file: one line naming a folder or a file type, or
    one word."""
    text = os.fspath(source).strip()
    return ("\n" not in text and "://" not in text and "?" not in text
            and (os.sep in text or Path(text).suffix != "" or not any(c.isspace() for c in text)))


def named_like_a_file(source: str | os.PathLike[str]) -> bool:
    """Whether one line of text that did not read as the puzzle named was meant as a file: it has a folder in it,
    or a file type of two characters or more (``board.txt``, ``a.in``; not the ``.1`` or ``.B`` of a one-row grid
    ``1.1`` or ``A.B``)."""
    text = os.fspath(source).strip()
    suffix = Path(text).suffix
    return (looks_like_path(text) and ("/" in text or os.sep in text
                                       or (len(suffix) > 2 and suffix[1].isalpha() and suffix[1:].isalnum())))


def names_anything(source: str | os.PathLike[str]) -> bool:
    """Whether ``source`` names anything on disk (a name the system refuses names nothing)."""
    try:
        return Path(os.fspath(source).strip()).exists()
    except (OSError, ValueError):
        return False
