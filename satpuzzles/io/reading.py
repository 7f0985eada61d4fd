"""Reading a puzzle's instances from text: its own formats, detected or named, and JSON envelopes."""

from __future__ import annotations

from satpuzzles.core.errors import InputError, UsageError
from satpuzzles.core.naming import CLI, Naming
from satpuzzles.core.spec import PuzzleSpec
from satpuzzles.io.textgrid import spaced_comment

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def past_comments(text: str) -> int:
    """Where ``text``'s first line that is neither blank nor a comment starts (``len(text)`` when there is none).

    A comment is ``#`` alone or followed by a space, as in every text format, also those where ``#`` may be a cell
    (textgrid.spaced_comment): a character grid's row ``#..#`` is no comment, so a grid is never taken for JSON."""
    at = 0
    while at < len(text):
        end = text.find("\n", at)
        end = len(text) if end < 0 else end + 1
        stripped = text[at:end].strip()
        if stripped and not spaced_comment(stripped):
            return at
        at = end
    return at


def looks_like_json(text: str) -> bool:
    """Whether ``text`` starts like a JSON object (what ``--format json`` prints), after any comment lines above it
    (``# puzzle: NAME``, a note) and blank lines, which the JSON reader skips as the text readers do."""
    return text[past_comments(text):].lstrip().startswith("{")


def read_instances(puzzle: PuzzleSpec[Any, Any], text: str, input_format: str = "auto",
                   naming: Naming = CLI, *, named: bool = False) -> list[Any]:
    """Every instance in ``text``; ``auto`` picks JSON or the first reader whose sniff accepts the text; a format
    the puzzle has not is refused naming the option as ``naming`` does (``--input-format``, ``input_format=``).

    ``named``: the user named this puzzle (its command, ``--puzzle``, ``puzzle=``, a ``# puzzle:`` line), so when no
    reader's sniff accepts the text its last reader reads it, and a located error of that reader is shown rather
    than "not a NAME puzzle" at 1:1; detection (``named`` False) keeps to the sniffs. A puzzle whose last reader
    has no sniff (every built-in one) reads the same either way."""
    if not text.isascii():
        text = _composed(text)
    if input_format == "json" or (input_format == "auto" and puzzle.json is not None and looks_like_json(text)):
        from satpuzzles.io.jsonio import read_json_instances  # JSON input only

        return read_json_instances(puzzle, text)
    if input_format == "auto" and puzzle.json is None and looks_like_json(text) and _is_envelope(text):
        formats = ", ".join(name for name in puzzle.input_formats if name != "auto")
        raise InputError(f"a JSON envelope (what --format json prints), but {puzzle.name} reads no JSON input (its "
                         f"formats: {formats})", 1, 1)
    if input_format == "auto" and text[past_comments(text):].lstrip().startswith(BATCH_CSV):
        raise InputError("a batch report in CSV (what batch --format csv prints), not a puzzle: give the puzzles' "
                         "own files, which its 'file' column names", 1, 1)
    if input_format == "auto" and text[past_comments(text):].lstrip().startswith("[") and _is_array(text):
        at = len(text) - len(text[past_comments(text):].lstrip())
        raise InputError("a JSON array of objects: JSON input is objects, each a puzzle (what --format json prints, one "
                         "a line), not an array of them", text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))
    if input_format == "auto" and looks_like_report(text):
        raise InputError("the report satpuzzles prints (a title over a line of '-'), not a puzzle: keep a puzzle to "
                         "read back with --format json (its 'input' reads back), --to-url, or the puzzle's own file",
                         1, 1)
    if input_format == "auto":
        for reader in puzzle.readers:
            if reader.sniff is None or reader.sniff(text):
                return reader.read(text)
        if named:
            return puzzle.readers[-1].read(text)
        raise InputError(f"not a {puzzle.name} puzzle in any format this tool reads", 1, 1)
    for reader in puzzle.readers:
        if input_format in (reader.name, *reader.aliases):
            return reader.read(text)
    given = naming.given("input_format", input_format, typed=str(input_format))
    raise UsageError(f"{given}: {puzzle.name} reads {', '.join(puzzle.input_formats)}")


BATCH_CSV = "file,index,puzzle,status,"
"""How the header of a batch report in CSV starts (batch.report.COLUMNS)."""


def looks_like_report(text: str) -> bool:
    """Whether ``text`` starts as the text report a solve prints (a puzzle's title, then a rule of '-'), after any
    ``== SOURCE ==`` heading: a report saved with ``>`` and given back as a puzzle, which every reader would refuse
    for a character of its title or its board's drawing."""
    lines = [line.strip() for line in text[past_comments(text):].splitlines()[:4] if line.strip()]
    if lines and lines[0].startswith("== ") and lines[0].endswith(" =="):
        lines = lines[1:]
    if len(lines) < 2 or len(lines[1]) < 20 or set(lines[1]) != {"-"}:
        return False
    from satpuzzles.core import registry

    return lines[0] in {puzzle.heading for puzzle in registry.puzzles().values()}


def _is_envelope(text: str) -> bool:
    """Whether ``text`` is a JSON object with a ``puzzle`` member (what ``--format json`` prints)."""
    import json  # JSON-like text only

    try:
        data = json.loads(text[past_comments(text):])
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and isinstance(data.get("puzzle"), str)


def _is_array(text: str) -> bool:
    """Whether ``text`` is a JSON array holding an object (envelopes put in a list), which no text board is."""
    import json  # JSON-like text only

    try:
        data = json.loads(text[past_comments(text):])
    except (ValueError, RecursionError):
        return False
    return isinstance(data, list) and any(isinstance(item, dict) for item in data)


def _composed(text: str) -> str:
    """``text`` in Unicode's composed form (NFC), so that a letter typed as a base and an accent ('e' + U+0301)
    is one character, as it looks (one cell, one label); an InputError at a mark that composes with nothing."""
    import unicodedata  # non-ASCII text only

    text = unicodedata.normalize("NFC", text)
    marks = {char for char in set(text) if unicodedata.category(char).startswith("M")}  # Mn, Mc, Me
    if not marks or looks_like_json(text):  # JSON labels are strings: a mark there is part of one
        return text
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip() == "#" or line.lstrip().startswith("# "):  # a comment (as every text format has one)
            continue
        column = next((at for at, char in enumerate(line, 1) if char in marks), None)
        if column is not None:
            raise InputError(f"combining mark U+{ord(line[column - 1]):04X} has no composed form with the character "
                             "before it: write one character per cell", number, column)
    return text
