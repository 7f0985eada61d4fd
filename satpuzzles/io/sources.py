"""What a command-line SOURCE is: a file, '-' (standard input), or a puzzle written out (a URL or a game id)."""

from __future__ import annotations

import os

from satpuzzles.core.errors import InputError, UsageError
from satpuzzles.io.files import read_input

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from satpuzzles.core.spec import PuzzleSpec

_URL = r"https?://|[\w.-]+/p(\.html)?\?"
_TATHAM_PAGE = r"https?://[^#?\s]*/puzzles/js/(?P<game>[\w-]+)\.html[#?](?P<id>.+)"
_GAME_ID = r"#?(?P<id>\d+x\d+[^:#\s]*(:\S*|#\S+)|\d+t\d+[^:#\s]*:\S*)"
"""Patterns (the URLs case-insensitive), compiled by re on first use: a SOURCE that is a file needs none. A game
id is ``WxH...:DESC`` (or ``NtT...:DESC`` for N x N, as Loopy reads it; a bare ``N:`` is taken in files only, as a
missing file's name may look like it); ``WxH...#SEED`` is a random seed, which the puzzle's reader then explains. An
empty DESC is still a game id (its reader says what is missing)."""
_MINES_ID = r"#?\d+x\d+(n\d+)?a?:(\d+,\d+,[mu][0-9a-f]*|r\d+,[ua],\S*)"
"""A Mines game id without its page (``9x9n10:4,4,m3d4...``: the first click and the mine layout, or ``r10,u,...`` for
one not laid yet): its commas tell it from the ids of the games this tool reads, whose descriptions have none."""
_ESCAPE = r"%[0-7][0-9A-Fa-f]|."
"""A percent-escaped ASCII character (``%3A`` for ':', as some browsers copy a page's URL), or any other one."""


def _unescaped(typed: str) -> tuple[str, list[int]]:
    """``typed`` with its ASCII %XX escapes decoded, and where each character of the result starts in ``typed``."""
    import re

    pieces = list(re.finditer(_ESCAPE, typed, re.DOTALL))
    text = "".join(chr(int(piece.group()[1:], 16)) if len(piece.group()) == 3 else piece.group() for piece in pieces)
    return text, [piece.start() for piece in pieces]


def _page_id(text: str) -> str | None:
    """The id of a Tatham puzzle page's URL as typed (escapes and all), else None."""
    import re

    page = re.fullmatch(_TATHAM_PAGE, text.strip(), re.IGNORECASE)
    return None if page is None else page.group("id")


def written_out(text: str) -> str | None:
    """The puzzle text of a URL or a game id typed on the command line, else None.

    A game id copied from a browser keeps its leading '#', and a Tatham puzzle page's URL
    carries the id after it: both are taken down to the id, the page's percent-decoded
    (``%3A`` is ':'; :func:`typed_column` maps an error's column back).
    """
    import re

    text = text.strip()
    page = _page_id(text)
    if page is not None:
        return _unescaped(page)[0]
    game = re.fullmatch(_GAME_ID, text)
    if game is not None:
        return game.group("id")
    return text if re.match(_URL, text, re.IGNORECASE) else None


def is_written_out(source: str) -> bool:
    """Whether a SOURCE is a URL or a game id (not '-' or a file)."""
    return source != "-" and not os.path.exists(source or ".") and written_out(source) is not None


def _not_a_puzzle(source: str) -> str:
    """Why a missing file's name is no puzzle: a game's parameters alone (``10x10t0dh``, Loopy's Hard 10x10) lack
    the description; anything else is no URL or game id."""
    import re

    if re.fullmatch(r"#?\d+x\d+[a-z][a-z0-9]*", source.strip()) is None:
        return "not a puzzle URL or game id"
    return ("a game's parameters without a description name no puzzle: give the game id, PARAMETERS:DESCRIPTION, "
            "from the game's Game > Specific")


def source_text(source: str, *, text: bool = False) -> tuple[str, str]:
    """The puzzle text of a SOURCE and the name to report it by; with ``text`` (the Python API) a source that is
    no file, URL or game id is the puzzle's text itself, named ``<text>``, and '-' is no standard input."""
    if text and "\n" in source.strip():
        return source, "<text>"
    if (source == "-" and not text) or (source != "-" and os.path.exists(source or ".")):  # as Path(source).exists()
        return read_input(source)
    puzzle = written_out(source)
    if puzzle is None:
        if text:
            return source, "<text>"
        raise UsageError(f"{source}: no such file, and " + _not_a_puzzle(source))
    # Spaces in place of what comes before the puzzle text ('#', a Tatham page's URL): the readers skip them,
    # and an error's column then points into what was typed (past a decoded %XX, once typed_column maps it).
    before = len(source.strip()) - len(_page_id(source) or puzzle)  # columns count from the name as printed
    return " " * before + puzzle + "\n", source


def game_readers(source: str) -> tuple[str, dict[str, str]] | None:
    """For a Tatham puzzle page's URL typed as SOURCE, the game its page names (``pearl`` for ``.../pearl.html#...``;
    ``mines`` for a bare Mines game id) and the puzzle that reads each game's ids by name (its reader named after the
    game); else None."""
    import re

    from satpuzzles.core import registry

    page = re.fullmatch(_TATHAM_PAGE, source.strip(), re.IGNORECASE)
    mines = page is None and re.fullmatch(_MINES_ID, source.strip(), re.IGNORECASE) is not None
    if (page is None and not mines) or os.path.exists(source):
        return None
    games = {reader.name: name for name, puzzle in registry.puzzles().items() for reader in puzzle.readers
             if reader.typed == "a game id"}
    return "mines" if page is None else page.group("game").lower(), games


def unread_game(source: str) -> InputError | None:
    """The error for a Tatham puzzle page's URL whose game no puzzle reads the ids of (a Mines or Net page's), which
    every reader would otherwise refuse as its own malformed id; None for any other SOURCE."""
    found = game_readers(source)
    if found is None or found[0] in found[1]:
        return None
    game, games = found
    read = " and ".join(f"{other.capitalize()} ({name})" for other, name in games.items())
    return InputError(f"a game id of Simon Tatham's {game.capitalize()} ({game}.html), a game this tool does not "
                      f"read: it reads game ids of {read or 'no game'}", 1, 1, source)


def check_claimed(puzzle: PuzzleSpec[Any, Any], source: str, text: str) -> None:
    """A URL or game id typed as SOURCE for ``puzzle`` that none of its readers claims is refused as such (its grid
    reader would complain about a character of it instead)."""
    if not is_written_out(source):
        return
    unread = unread_game(source)
    if unread is not None:
        raise unread
    game = game_readers(source)
    if game is not None and game[1][game[0]] != puzzle.name:  # a Pearl page's id given to slitherlink
        raise InputError(f"a game id of Simon Tatham's {game[0].capitalize()} ({game[0]}.html), which "
                         f"{game[1][game[0]]} reads, not {puzzle.name}; {SOLVE_FINDS}", 1, 1, source)
    if not any(reader.sniff is not None and reader.sniff(text) for reader in puzzle.readers):
        kind = "URL" if "/" in text else "game id"
        formats = ", ".join(name for name in puzzle.input_formats if name != "auto")
        raise InputError(f"{puzzle.name} reads no such {kind} (its formats: {formats}); {SOLVE_FINDS}", 1, 1, source)


SOLVE_FINDS = "'satpuzzles solve SOURCE' finds the puzzle that reads it, if any"
"""Where a puzzle command points a typed URL or game id it does not read."""


def _reading_command(text: str, format_name: str, foreign: type[InputError]) -> tuple[str, InputError | None] | None:
    """The first puzzle whose reader ``format_name`` reads ``text`` as its own type, with its refusal (None where it
    reads it); None when every such reader refuses it as another type (``foreign``)."""
    from satpuzzles.core import registry

    for name, puzzle in registry.puzzles().items():
        reader = next((reader for reader in puzzle.readers if reader.name == format_name), None)
        if reader is None:
            continue
        try:
            reader.read(text)
        except foreign:
            continue
        except InputError as exc:
            return name, exc
        return name, None
    return None


def _pointer(name: str, refusal: InputError | None) -> str:
    """Where a file of another type goes: the command that reads it, and its refusal where it refuses it too."""
    if refusal is None:
        return f"'satpuzzles {name} FILE' reads it"
    where = f"{refusal.line}:{refusal.column}: " if refusal.line is not None and refusal.column is not None else ""
    return f"'satpuzzles {name} FILE' reads its type, and refuses this file: {where}{refusal.message}"


def file_pointed(error: InputError, text: str) -> InputError:
    """``error``, when it refuses a puzz.link file of another puzzle type (a slither file given to numberlink),
    naming the command that reads that type, with its own refusal where it refuses this file too, or saying that
    no command reads it."""
    from satpuzzles.io.pzprv3 import ForeignFile

    if not isinstance(error, ForeignFile):
        return error
    found = _reading_command(text, "pzprv3", ForeignFile)
    pointer = "no puzzle of this tool reads it" if found is None else _pointer(*found)
    return ForeignFile(f"{error.message}; {pointer}", error.line, error.column)


def foreign_pointed(error: InputError, source: str, text: str = "") -> InputError:
    """``error``, when it refuses a URL of another puzzle type (a slither URL given to numberlink): typed, pointing
    to ``satpuzzles solve`` as :func:`check_claimed` does; a file of them (``text``), naming the command that reads
    every line of it as :func:`file_pointed` does (a file of several types, or of one no puzzle reads, as it was)."""
    from satpuzzles.io.puzzlink import ForeignUrl
    from satpuzzles.io.pzprv3 import ForeignFile

    if not isinstance(error, ForeignUrl):
        return error
    if is_written_out(source):
        pointer = SOLVE_FINDS
    else:
        found = _reading_command(text, "url", ForeignUrl) if text and not isinstance(error, ForeignFile) else None
        if found is None:
            return error
        pointer = _pointer(*found)
    return ForeignUrl(f"{error.message}; {pointer}", error.line, error.column, error.source, kind=error.kind,
                      types=error.types)


def typed_column(source: str, column: int) -> int:
    """Where ``column`` of line 1 of :func:`source_text`'s text lies in the typed ``source`` (a %XX is 3 columns)."""
    typed = _page_id(source) if is_written_out(source) else None
    if typed is None:
        return column
    decoded, starts = _unescaped(typed)
    before = len(source.strip()) - len(typed)
    index = column - 1 - before
    if index < 0 or decoded == typed:
        return column
    if index >= len(starts):  # just past the end
        return column + len(typed) - len(decoded)
    return before + starts[index] + 1


def located(error: InputError, source: str) -> InputError:
    """``error`` in the text of a SOURCE attributed to it, a column of a typed page URL mapped to what was typed."""
    if error.line == 1 and error.column is not None:
        error.column = typed_column(source, error.column)
    return error.located(source)
