"""Which registered puzzle a text is: every puzzle's readers are tried, and exactly one must read it."""

from __future__ import annotations

from typing import Any

from satpuzzles.core import registry
from satpuzzles.core.errors import InputError
from satpuzzles.io.reading import read_instances


def detect(text: str, source: str = "") -> tuple[str, list[Any]]:
    """The puzzle ``text`` holds and its instances; InputError when no puzzle, or more than one, reads it.

    Detection never guesses: a small Slitherlink grid can also be a valid Numberlink or
    Minesweeper board, and such a text is an error asking for the puzzle's name.
    """
    failures: list[str] = []
    readers: list[tuple[str, list[Any]]] = []
    for name, puzzle in registry.puzzles().items():
        try:
            readers.append((name, read_instances(puzzle, text)))
        except InputError as exc:
            failures.append(f"{name}: {exc}")
    if len(readers) == 1:
        return readers[0]
    if readers:
        names = " and ".join(name for name, _ in readers)
        raise InputError(f"reads as {names}: name the puzzle with --puzzle (or in the file or folder name)", source=source)
    raise InputError(f"not a puzzle this tool reads ({'; '.join(failures)}); name it with --puzzle", source=source)
