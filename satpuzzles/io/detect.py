"""Which registered puzzle a text is: every puzzle's readers are tried, and exactly one must read it."""

from __future__ import annotations

import os
from typing import Any

from satpuzzles.core import registry
from satpuzzles.core.errors import InputError
from satpuzzles.core.naming import CLI, Naming
from satpuzzles.io.janko import ForeignJanko, looks_like_janko
from satpuzzles.io.puzzlink import ForeignUrl, unread_type
from satpuzzles.io.pzprv3 import looks_like_pzprv3
from satpuzzles.io.reading import looks_like_json, read_instances
from satpuzzles.io.sources import game_readers, unread_game, written_out
from satpuzzles.io.textgrid import TooLarge, board_size, content_lines, stated, statements


def named_puzzle(path: str) -> str | None:
    """The puzzle a file's path names: the nearest of its file name and folders with a puzzle's name as a word
    (``minesweeper/board.in``, ``numberlink_7x7.txt``); None for standard input."""
    naming = _naming_part(path)
    return None if naming is None else naming[0]


def _naming_part(path: str) -> tuple[str, str, bool] | None:
    """The puzzle a file's path names, the file or folder name that names it, and whether that is the file's."""
    if path in ("-", "<stdin>"):
        return None
    parts = os.path.abspath(path).split(os.sep)
    for index, part in enumerate(reversed(parts)):
        words = set("".join(ch if "a" <= ch <= "z" else " " for ch in part.lower()).split())
        named = [name for name in registry.names() if name in words]
        if named:
            return named[0], part, index == 0
    return None


def detect_file(text: str, source: str, path: str | None, naming: Naming = CLI) -> tuple[str, list[Any]]:
    """The puzzle a file (or a text, with ``path`` None) holds and its instances: the one a ``# puzzle: NAME``
    line above its board names, else the one its path names (its error then says the path chose it, and how to
    choose another), else the one detected (:func:`detect`; ``naming``: the front end's options)."""
    by_path = _naming_part(path) if path is not None and stated_puzzle(text) is None else None
    if by_path is None:
        return detect(text, source, naming)
    name = by_path[0]
    try:
        return name, read_instances(registry.get(name), text, named=True)
    except InputError as exc:
        raise _chosen_by_path(exc, text, by_path).located(source) from None


def _chosen_by_path(error: InputError, text: str, naming: tuple[str, str, bool]) -> InputError:
    """``error`` of the puzzle a path named, saying so, which puzzles read the text, and how to name one."""
    name, part, is_file = naming
    where = f"its file name {part!r}" if is_file else f"the folder {part!r} in its path"
    others = []
    for other, puzzle in registry.puzzles().items():
        try:
            if other != name and read_instances(puzzle, text):
                others.append(other)
        except InputError:
            pass
    reads = f"; it reads as {' or '.join(others)}" if others else ""
    error.message += (f" (read as {name}, as {where} says{reads}: name the puzzle with --puzzle NAME, puzzle= in the "
                      "Python API, or 'satpuzzles NAME FILE')")
    return error


_NAME_IT = ("name the puzzle (--puzzle, puzzle= in the Python API, in the file or folder name, or in a line "
            "'# puzzle: NAME' above the board)")
STATED = "# puzzle: "
"""How a text names its puzzle type in a comment before its first content line (``generate`` writes it)."""


def stated_puzzle(text: str) -> tuple[str, int] | None:
    """The puzzle a comment line ``# puzzle: NAME`` before the text's first content line names, and that line's
    number; None when there is none."""
    return stated(text, STATED.strip("# :"))


def with_stated_puzzle(name: str, text: str) -> str:
    """``text`` with a ``# puzzle: NAME`` line before its first content line, so that :func:`detect` reads it
    as ``name`` whatever else it reads as; a URL or a game id (which names its type) is left as it is."""
    lines = text.splitlines(keepends=True)
    at = next((index for index, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")),
              len(lines))
    if (at < len(lines) and written_out(lines[at]) is not None) or stated_puzzle(text) is not None:
        return text
    return "".join([*lines[:at], f"{STATED}{name}\n", *lines[at:]])


def stated_other(name: str, text: str) -> tuple[str, str] | None:
    """The registered puzzle other than ``name`` that ``text``'s ``# puzzle: NAME`` line names, and where it says so
    in words (``line 2, '# puzzle: numberlink'``); None when the line names ``name``, no registered puzzle, or none."""
    said = stated_puzzle(text)
    if said is None or said[0] == name or said[0] not in registry.names():
        return None
    return said[0], f"line {said[1]}, '{STATED.strip()} {said[0]}'"


def stated_elsewhere(exc: InputError, name: str, text: str) -> InputError:
    """``exc``, raised by ``name``'s readers on ``text``, saying which puzzle the text's ``# puzzle: NAME`` line names
    when that is another registered one (a generated Numberlink board given to ``satpuzzles slitherlink`` failed
    on a clue, without a word on why); ``exc`` itself otherwise, or when it is a size refusal."""
    other = stated_other(name, text)
    if type(exc) is not InputError or other is None:
        return exc
    return InputError(f"{exc.message} ({other[1]}, says it is a {other[0]} puzzle: 'satpuzzles {other[0]}' or "
                      "'satpuzzles solve' reads it)", exc.line, exc.column, exc.source)


def detect(text: str, source: str = "", naming: Naming = CLI) -> tuple[str, list[Any]]:
    """The puzzle ``text`` holds and its instances; InputError when no puzzle, or more than one, reads it.

    Detection never guesses: a small Slitherlink grid can also be a valid Numberlink or
    Minesweeper board, and such a text is an error asking for the puzzle's name, unless a
    ``# puzzle: NAME`` comment before its first content line names it, or a comment line only one of them reads
    (PuzzleSpec.comment_keys: Numberlink's ``# rules: open``). A puzzle that
    would read the text but for its size limit (TooLarge) counts as one that reads it.
    """
    puzzles = registry.puzzles()
    game = game_readers(source)  # a Tatham page names its game: the puzzle that reads that game's ids reads it
    if game is not None and game[0] in game[1]:
        try:
            return game[1][game[0]], read_instances(puzzles[game[1][game[0]]], text, game[0])
        except InputError as exc:
            raise exc.located(source) from None
    stated = stated_puzzle(text)
    if stated is not None and stated[0] in puzzles:  # another name is a comment like any other: detection reads
        name = stated[0]
        try:
            return name, read_instances(puzzles[name], text, named=True)
        except InputError as exc:
            raise exc.located(source) from None
    try:
        return _by_readers(text, source, naming, puzzles)
    except InputError as exc:
        if stated is not None:  # why the line did not decide: its name is no puzzle's (a typo, a plugin not here)
            exc.message += _unknown_name(*stated, list(puzzles))
        raise


def stated_unknown(text: str) -> str | None:
    """In words, the ``# puzzle: NAME`` line of ``text`` whose NAME is no registered puzzle's but close to one (a
    typo), for a warning when detection read the text as some puzzle; None when there is no such line (a title
    such as '# puzzle: Sunday special' is a comment like any other)."""
    stated = stated_puzzle(text) if STATED.strip() in text[:4096] else None
    if stated is None or stated[0] in registry.names():
        return None
    name, line = stated
    meant = _closest(name, registry.names())
    return None if meant is None else (f"line {line}, '{STATED}{name}', names no puzzle registered here (did you "
                                       f"mean {meant!r}?)")


def _unknown_name(name: str, line: int, names: list[str]) -> str:
    """What to add to a detection error for a ``# puzzle: NAME`` line on ``line`` that names no registered puzzle."""
    meant = _closest(name, names)
    hint = f"did you mean {meant!r}?" if meant is not None else f"the puzzles are {', '.join(names)}"
    return f" (line {line}, '{STATED}{name}', names no puzzle registered here: {hint})"


def _closest(name: str, names: list[str]) -> str | None:
    """The registered puzzle ``name`` was most likely meant to be (a typo's), if any is close."""
    from difflib import get_close_matches

    close = get_close_matches(name, names, n=1, cutoff=0.6)
    return close[0] if close else None


def _by_readers(text: str, source: str, naming: Naming, puzzles: dict[str, Any]) -> tuple[str, list[Any]]:
    """:func:`detect` for a text no ``# puzzle:`` line decides: the one puzzle whose readers read it."""
    if not text.strip():  # said once by the tool, not by each puzzle (a plugin whose reader sniffs says otherwise)
        raise InputError("empty input: no puzzle found", 1, 1, source)
    failures: list[tuple[str, InputError]] = []
    readers: list[tuple[str, list[Any]]] = []
    for name, puzzle in puzzles.items():
        try:
            readers.append((name, read_instances(puzzle, text)))
        except InputError as exc:
            failures.append((name, exc))
    too_large = [(name, exc) for name, exc in failures if isinstance(exc, TooLarge)]
    if len(readers) > 1 and not too_large:  # a comment line only one of them reads (# rules: open) says which
        keyed = [(name, found) for name, found in readers
                 if any(statements(text, key) for key in puzzles[name].comment_keys)]
        readers = keyed if len(keyed) == 1 else readers
    if len(readers) == 1 and not too_large:
        return readers[0]
    if readers:
        names = " and ".join(name for name, _ in readers)
        if too_large:
            also = " and ".join(name for name, _ in too_large)
            their = "its" if len(too_large) == 1 else "their"
            names += f", and as {also} but for {their} size limit ({_overages(too_large)})"
        raise InputError(f"reads as {names}: {_NAME_IT}", source=source)
    failures = _written_out_failures(text, failures)
    unread = unread_game(source)  # a Tatham page's game no puzzle reads (Mines): one line, not each reader's refusal
    if unread is not None:
        raise unread
    page = _web_page(text)
    if page is not None:
        raise InputError(page, 1, 1, source)
    named = _envelope_puzzle(text, source)
    failures = [(name, exc) for name, exc in failures if name == named] or failures
    too_large = [(name, exc) for name, exc in failures if isinstance(exc, TooLarge)]
    if len(too_large) > 1:
        raise _too_large_for_all(too_large, source)
    failures = list(too_large) or failures
    unread = unread_type(failures)  # a puzz.link type no puzzle reads: one line, not each puzzle's refusal
    if unread is not None:
        raise unread.located(source)
    said = {(exc.message, exc.line, exc.column) for _, exc in failures}
    if len(said) == 1 and not isinstance(failures[0][1], ForeignUrl):  # one puzzle, or all saying the same
        raise failures[0][1].located(source)
    listed = "; ".join(f"{name}: {exc}" for name, exc in failures)
    option = naming.flag("puzzle") + "=" * naming.python  # puzzle= in the Python API
    raise InputError(f"not a puzzle this tool reads ({listed}); name it with {option}", source=source)


def _overages(refusals: list[tuple[str, TooLarge]]) -> str:
    """The board's size and each puzzle's limit, puzzles with the same limit together, for one line."""
    sizes = {(exc.rows, exc.cols) for _, exc in refusals}
    grouped: dict[str, list[str]] = {}
    for name, exc in refusals:
        size = "" if len(sizes) == 1 else f"{board_size(exc.rows, exc.cols)}, "
        grouped.setdefault(size + exc.limit.bounds(), []).append(name)
    limits = [bounds if len(grouped) == 1 else f"{' and '.join(names)}: {bounds}" for bounds, names in grouped.items()]
    board = [f"a board of {board_size(rows, cols)}" for rows, cols in sizes if len(sizes) == 1]
    return "; ".join([*board, *limits, "see docs/reliability.md"])


def _too_large_for_all(refusals: list[tuple[str, TooLarge]], source: str) -> InputError:
    """One error for a text that several puzzles would read but for their size limits, none within them."""
    places = {(exc.line, exc.column) for _, exc in refusals}
    line, column = places.pop() if len(places) == 1 else (None, None)
    names = " and ".join(name for name, _ in refusals)
    return InputError(f"larger than every puzzle that would read it accepts: {names} ({_overages(refusals)})",
                      line, column, source)


def _envelope_puzzle(text: str, source: str) -> str | None:
    """The puzzle the JSON envelopes of ``text`` name in their ``puzzle`` members (what ``--format json`` prints), or
    None; an InputError at the first that names another puzzle than those above it (the output of a ``solve`` of
    several puzzles kept in one file, which every reader refused for the others' lines)."""
    if not looks_like_json(text):
        return None
    from satpuzzles.io.jsonio import json_objects  # JSON input only

    try:
        objects = json_objects(text)
    except InputError:  # the readers say what is wrong with it
        return None
    named = [(value["puzzle"], line, column) for value, line, column in objects
             if isinstance(value, dict) and isinstance(value.get("puzzle"), str)]
    other = next(((name, line, column) for name, line, column in named if name != named[0][0]), None)
    if other is not None:
        raise InputError(f"a JSON object of a {other[0]} puzzle after {named[0][0]} puzzles above it: a file holds "
                         "puzzles of one kind (give each its own file, or the puzzles' own files)", other[1], other[2],
                         source)
    return named[0][0] if named else None


def _web_page(text: str) -> str | None:
    """What to say of a web page's address with no puzzle in it (no query, no game id), which no reader reads (a
    janko.at or nikoli.co.jp page): this tool fetches nothing; None for other text."""
    import re

    lines = content_lines(text)
    address = lines[0].text.strip() if len(lines) == 1 else ""
    page = re.fullmatch(r"https?://([^/?#\s]+)[^?#\s]*", address, re.IGNORECASE)
    if page is None:
        return None
    hint = " (janko.at: the puzzle data in the page's source, 'begin' to 'end')" if "janko" in page.group(1) else \
        " (a Tatham puzzle page: its game id, Game > Specific)" if "/puzzles/js/" in address else ""
    return (f"a web page's address ({page.group(1)[:40]}), which holds no puzzle itself, and this tool fetches "
            f"nothing: give the puzzle's puzz.link URL, or its data saved in a file{hint}")


def _written_out_failures(text: str, failures: list[tuple[str, InputError]]) -> list[tuple[str, InputError]]:
    """For a URL, a game id, a puzz.link file or janko.at puzzle data, only what the puzzles with a reader for that
    kind of text said (of those, the ones whose puzzle type it names, if any): a grid reader's complaint about a URL
    helps nobody."""
    lines = content_lines(text)
    if not lines or (written_out(lines[0].text) is None and not looks_like_pzprv3(text)
                     and not looks_like_janko(text)):
        return failures
    puzzles = registry.puzzles()
    claimed = [(name, exc) for name, exc in failures
               if any(reader.sniff is not None and reader.sniff(text) for reader in puzzles[name].readers)]
    own = [(name, exc) for name, exc in claimed if not isinstance(exc, (ForeignUrl, ForeignJanko))]
    return own or claimed or failures
