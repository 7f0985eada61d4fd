"""Which registered puzzle a text is: every puzzle's readers are tried, and exactly one must read it."""

from __future__ import annotations

import os
from typing import Any

from satpuzzles.core import registry
from satpuzzles.core.errors import InputError
from satpuzzles.io.puzzlink import ForeignUrl
from satpuzzles.io.reading import read_instances
from satpuzzles.io.sources import written_out
from satpuzzles.io.textgrid import content_lines


def named_puzzle(path: str) -> str | None:
    """The puzzle a file's path names: the nearest of its file name and folders with a puzzle's name as a word
    (``minesweeper/board.in``, ``numberlink_7x7.txt``); None for standard input."""
    if path in ("-", "<stdin>"):
        return None
    for part in reversed(os.path.abspath(path).split(os.sep)):
        words = set("".join(ch if "a" <= ch <= "z" else " " for ch in part.lower()).split())
        named = [name for name in registry.names() if name in words]
        if named:
            return named[0]
    return None


def detect(text: str, source: str = "") -> tuple[str, list[Any]]:
    """The puzzle ``text`` holds and its instances; InputError when no puzzle, or more than one, reads it.

    Detection never guesses: a small Slitherlink grid can also be a valid Numberlink or
    Minesweeper board, and such a text is an error asking for the puzzle's name.
    """
    failures: list[tuple[str, InputError]] = []
    readers: list[tuple[str, list[Any]]] = []
    for name, puzzle in registry.puzzles().items():
        try:
            readers.append((name, read_instances(puzzle, text)))
        except InputError as exc:
            failures.append((name, exc))
    if len(readers) == 1:
        return readers[0]
    if readers:
        names = " and ".join(name for name, _ in readers)
        raise InputError(f"reads as {names}: name the puzzle (--puzzle, puzzle= in the Python API, or in the file or folder name)", source=source)
    failures = _written_out_failures(text, failures)
    named = _envelope_puzzle(text)
    failures = [(name, exc) for name, exc in failures if name == named] or failures
    said = {(exc.message, exc.line, exc.column) for _, exc in failures}
    if len(said) == 1 and not isinstance(failures[0][1], ForeignUrl):  # one puzzle, or all saying the same
        raise failures[0][1].located(source)
    listed = "; ".join(f"{name}: {exc}" for name, exc in failures)
    raise InputError(f"not a puzzle this tool reads ({listed}); name it with --puzzle", source=source)


def _envelope_puzzle(text: str) -> str | None:
    """The puzzle a JSON envelope names in its ``puzzle`` member (what ``--format json`` prints), or None."""
    if not text.lstrip().startswith("{"):
        return None
    import json  # JSON input only

    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # the readers say what is wrong with it
        return None
    named = data.get("puzzle") if isinstance(data, dict) else None
    return named if isinstance(named, str) else None


def _written_out_failures(text: str, failures: list[tuple[str, InputError]]) -> list[tuple[str, InputError]]:
    """For a URL or a game id, only what the puzzles with a reader for that kind of text said (of those, the
    ones whose puzzle type it names, if any): a grid reader's complaint about a URL helps nobody."""
    lines = content_lines(text)
    if not lines or written_out(lines[0].text) is None:
        return failures
    puzzles = registry.puzzles()
    claimed = [(name, exc) for name, exc in failures
               if any(reader.sniff is not None and reader.sniff(text) for reader in puzzles[name].readers)]
    own = [(name, exc) for name, exc in claimed if not isinstance(exc, ForeignUrl)]
    return own or claimed or failures
