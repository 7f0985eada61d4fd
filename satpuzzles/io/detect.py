"""Which registered puzzle a text is: every puzzle's readers are tried, and exactly one must read it."""

from __future__ import annotations

from typing import Any

from satpuzzles.core import registry
from satpuzzles.core.errors import InputError
from satpuzzles.io.puzzlink import ForeignUrl, is_url
from satpuzzles.io.reading import read_instances
from satpuzzles.io.textgrid import content_lines


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
        raise InputError(f"reads as {names}: name the puzzle with --puzzle (or in the file or folder name)", source=source)
    failures = _url_failures(text, failures)
    if len(failures) == 1 and not isinstance(failures[0][1], ForeignUrl):
        raise failures[0][1].located(source)
    listed = "; ".join(f"{name}: {exc}" for name, exc in failures)
    raise InputError(f"not a puzzle this tool reads ({listed}); name it with --puzzle", source=source)


def _url_failures(text: str, failures: list[tuple[str, InputError]]) -> list[tuple[str, InputError]]:
    """For puzz.link URLs, only what the puzzles that read URLs said: the one whose type the URL names, if any."""
    lines = content_lines(text)
    if not lines or not is_url(lines[0]):
        return failures
    puzzles = registry.puzzles()
    by_url = [(name, exc) for name, exc in failures if any(r.name == "url" for r in puzzles[name].readers)]
    own = [(name, exc) for name, exc in by_url if not isinstance(exc, ForeignUrl)]
    return own or by_url or failures
