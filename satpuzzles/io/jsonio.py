"""JSON as an input format: the envelopes ``--format json`` prints, read back through their ``input``.

The text holds one or more JSON objects (one per line as printed, or pretty-printed).
Each is an envelope ``{"puzzle": NAME, ..., "input": {...}}`` or a bare ``input`` object;
the puzzle turns the ``input`` object into an instance. Errors carry the line and column
where the object starts, and a path to the bad member (``input.grid[2]``).
"""

from __future__ import annotations

from satpuzzles.core.errors import InputError
from satpuzzles.core.generic import TypeVar
from satpuzzles.core.spec import PuzzleSpec
from satpuzzles.core.words import counted
from satpuzzles.io.textgrid import only_chars, spaced_comment

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

I = TypeVar("I")  # noqa: E741


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


class _Positions:
    """Line and column of offsets taken in increasing order, each counted from the last (linear in the text: counting
    from its start for every object took minutes for a file of thousands, half a minute for 2,000 on one line)."""

    def __init__(self, text: str) -> None:
        self.text, self.offset, self.line, self.line_start = text, 0, 1, 0

    def __call__(self, offset: int) -> tuple[int, int]:
        """Line and column (1-based) of ``offset``, not before the last one asked for."""
        newlines = self.text.count("\n", self.offset, offset)
        if newlines:
            self.line += newlines
            self.line_start = self.text.rfind("\n", self.offset, offset) + 1
        self.offset = offset
        return self.line, offset - self.line_start + 1


MAX_NUMBER_DIGITS = 30
"""Longest integer read from JSON (a width, a count): longer ones are refused where they stand."""


class _HugeNumber(ValueError):
    def __init__(self, digits: str) -> None:
        super().__init__(digits)
        self.digits = digits


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _HugeNumber(digits)
    return int(digits)


class _TwiceMember(ValueError):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _members(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's members, refusing a name given twice: Python's json keeps the last silently, so a second
    ``"mines": null`` would drop the total, or a second ``input`` replace the puzzle, without a word."""
    found = dict(pairs)
    if len(found) < len(pairs):
        raise _TwiceMember(next(name for i, (name, _) in enumerate(pairs) if name in dict(pairs[:i])))
    return found


def json_objects(text: str) -> list[tuple[Any, int, int]]:
    """Every top-level JSON value in ``text`` with the line and column where it starts.

    A line of ``#`` alone or followed by a space outside the values (above the first, between two) is a comment,
    as in the text formats: ``--format json`` output kept in a file under a note, or headed by ``# puzzle: NAME``. Bad
    JSON, nesting too deep for the parser and integers too long to convert are located errors, like any other
    bad input.
    """
    import json  # only when JSON is read

    decoder = json.JSONDecoder(parse_int=_parse_int, object_pairs_hook=_members)
    found: list[tuple[Any, int, int]] = []
    position = _Positions(text)
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at < len(text) and text[at] == "#":
            start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
            end = len(text) if end < 0 else end
            if not text[start:at].strip() and spaced_comment(text[at:end].strip()):  # a comment line
                at = end
                continue
        if at == len(text):
            break
        try:
            value, end = decoder.raw_decode(text, at)
        except json.JSONDecodeError as exc:
            raise InputError(f"bad JSON: {exc.msg}", exc.lineno, exc.colno) from None
        except RecursionError:
            raise InputError("bad JSON: arrays or objects nested too deeply", *_position(text, at)) from None
        except _TwiceMember as exc:
            raise InputError(f"bad JSON: the member {json.dumps(exc.name)} is given twice in one object (which one "
                             "was meant?)", *_position(text, at)) from None
        except _HugeNumber as exc:
            where = text.find(exc.digits, at)
            raise InputError(f"bad JSON: a number of {len(exc.digits):,} digits is too large",
                             *_position(text, max(where, at))) from None
        found.append((value, *position(at)))
        at = end
    if not found:
        raise InputError("empty input: no puzzle found", 1, 1)
    return found


BATCH_ROW = {"file", "index", "status", "options"}
"""The members every row of a batch report has (batch.report.COLUMNS), which no envelope has."""


def read_json_instances(puzzle: PuzzleSpec[I, Any], text: str) -> list[I]:
    """The instances of the JSON envelopes (or bare ``input`` objects) in ``text``."""
    if puzzle.json is None:
        raise InputError(f"{puzzle.name} puzzles cannot be read from JSON", 1, 1)
    if puzzle.json.check_comments is not None and "#" in text:
        puzzle.json.check_comments(text)
    instances = []
    for value, line, column in json_objects(text):
        if not isinstance(value, dict):
            raise InputError(f"expected a JSON object as printed by --format json, not {_kind(value)}", line, column)
        if BATCH_ROW <= value.keys() and "input" not in value:
            raise InputError("a row of a batch report (what batch --format json prints), not a puzzle: give the "
                             "puzzle's own file, which its 'file' member names", line, column)
        if "puzzle" in value:
            if value["puzzle"] != puzzle.name:
                raise InputError(f"this JSON describes a {value['puzzle']!r} puzzle, not {puzzle.name}", line, column)
            if "input" not in value:
                raise InputError("the JSON object has no 'input' member (the puzzle itself)", line, column)
            value = value["input"]
        elif isinstance(value.get("input"), dict):  # an envelope without its 'puzzle' member: the command names it
            value = value["input"]  # (read as a bare object, its members were called missing: 'input.width')
        watched = _ReadMembers(value) if isinstance(value, dict) else value
        instances.append(puzzle.json.from_json(watched, line, column))
        if isinstance(watched, _ReadMembers):
            watched.refuse_unread(puzzle.name, line, column)
    return instances


class _ReadMembers(dict):
    """An ``input`` object that records the members its puzzle's reader asks for: one it never asks for (a
    misspelt ``"mine"`` for ``"mines"``) would otherwise be dropped without a word, and the puzzle solved under
    other rules than the file gives. A reader that iterates the object reads every member."""

    def __init__(self, data: dict[Any, Any]) -> None:
        super().__init__(data)
        self.asked: dict[Any, None] = {}
        self.iterated = False

    def get(self, key: Any, default: Any = None) -> Any:
        self.asked[key] = None
        return super().get(key, default)

    def __getitem__(self, key: Any) -> Any:
        self.asked[key] = None
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self.asked[key] = None
        return super().__contains__(key)

    def __iter__(self) -> Any:
        self.iterated = True
        return super().__iter__()

    def keys(self) -> Any:
        self.iterated = True
        return super().keys()

    def items(self) -> Any:
        self.iterated = True
        return super().items()

    def values(self) -> Any:
        self.iterated = True
        return super().values()

    def refuse_unread(self, puzzle: str, line: int, column: int) -> None:
        """InputError naming the first member the reader never asked for, with the members it did."""
        if self.iterated:
            return
        unread = next((key for key in dict.keys(self) if key not in self.asked), None)
        if unread is not None:
            members = ", ".join(str(key) for key in self.asked)
            raise InputError(f"JSON input.{unread}: no such member of a {puzzle} input (its members: {members})",
                             line, column)


def shown(value: object, limit: int = 60) -> str:
    """A JSON value as JSON writes it (``true``, ``null``, ``"text"``), cut to ``limit`` characters, for messages."""
    import json  # only when JSON is read

    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _kind(value: object) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "true/false", type(None): "null"}.get(
        type(value), "a number"
    )


class JsonReader:
    """Typed access to the members of one ``input`` object, errors located at its start."""

    def __init__(self, data: Any, line: int, column: int) -> None:
        self.line, self.column = line, column
        if not isinstance(data, dict):
            raise self.error("input", f"expected an object, found {_kind(data)}")
        self.data = data

    def error(self, path: str, message: str) -> InputError:
        """An InputError naming the member at ``path``."""
        return InputError(f"JSON {path}: {message}", self.line, self.column)

    def member(self, name: str) -> Any:
        """The member ``name``, which must be present."""
        if name not in self.data:
            raise self.error(f"input.{name}", "missing")
        return self.data[name]

    def size(self, name: str) -> int:
        """A positive integer member (a width or a height)."""
        value = self.member(name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise self.error(f"input.{name}", f"expected a positive whole number, found {shown(value)}")
        return value

    def holds_only(self, name: str, cells: str | None) -> bool:
        """Whether member ``name`` is a list of rows, each a string of ``cells`` characters only (``None``: a list
        of strings): a bare ``input`` object over a puzzle's size limit is refused as too large only if so."""
        rows = self.data.get(name)
        if not isinstance(rows, list):
            return False
        if cells is None:
            return all(isinstance(row, list) and all(isinstance(cell, str) for cell in row) for row in rows)
        return all(isinstance(row, str) and only_chars(row, cells) for row in rows)

    def rows(self, name: str, height: int, width: int, as_lists: bool) -> list[Any]:
        """``height`` rows of ``width`` cells: strings of one character per cell, or lists of strings."""
        rows = self.member(name)
        if not isinstance(rows, list) or len(rows) != height:
            found = counted(len(rows), "row") if isinstance(rows, list) else _kind(rows)
            raise self.error(f"input.{name}", f"expected {counted(height, 'row')} (the height), found {found}")
        for r, row in enumerate(rows):
            where = f"input.{name}[{r}]"
            if as_lists:
                if not isinstance(row, list) or not all(isinstance(cell, str) for cell in row):
                    raise self.error(where, "expected a list of strings, one per cell")
            elif not isinstance(row, str):
                raise self.error(where, "expected a string, one character per cell")
            if len(row) != width:
                raise self.error(where, f"{counted(len(row), 'cell')} where the width is {width}")
        return rows
