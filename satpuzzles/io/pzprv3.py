"""puzz.link (pzprjs) files, ``pzprv3``: what its File > Save writes, read and written here for every puzzle.

A file is a header line ``pzprv3`` (``pzprv3.1``: file version 1), the puzzle type (``numlin``,
``slither``, ...), the number of rows, the number of columns, then the puzzle's own data:
rows of space-separated cells, each followed by a space, then the answer (lines drawn, all
``0`` when none is). pzprjs reads ``/`` as a line break (its tests write whole files on one
line: ``pzprv3/numlin/5/5/1 . . . . /...``), so this reader does too; a ``v:VARIANT`` line
may come before the header (ignored, as the URL reader ignores a ``v:`` segment). What
follows a puzzle's data (trial data, ``info:``/``history:`` JSON) is not read.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import accumulate

from satpuzzles.core.errors import InputError
from satpuzzles.core.words import counted
from satpuzzles.io.puzzlink import EDITOR_SUFFIXES, ForeignUrl, one_of
from satpuzzles.io.textgrid import Line, Token, first_content_lines

HEADER = "pzprv3"
_STOPS = ("TrialData", "info:", "history:", "__HISTORY__", "http:", "https:")
"""What may follow a puzzle's data in a file: pzprjs' trial data, metadata and undo history, an old file's URL."""
_ANSWER_ITEMS = frozenset(("0", "1", "-1"))
"""What an answer's rows hold but for other marks (a cell's shading): checked at C speed."""


Shapes = list[tuple[int, int, str]]
"""Grids of an answer: their rows, their items per row, what they are (for errors)."""


class ForeignFile(ForeignUrl):
    """A puzz.link file of another puzzle type: detection then looks to the puzzles that read that type."""

    what = "file"


def _version(text: str) -> int | None:
    """The file version a header line states (0 for ``pzprv3``, 1 for ``pzprv3.1``), None for another line."""
    text = text.strip()
    if text == HEADER:
        return 0
    rest = text.removeprefix(HEADER + ".")
    return int(rest[:6]) if rest != text and rest.isascii() and rest.isdigit() else None


def _empty_line(line: int) -> InputError:
    """The error for an empty line among a file's first lines, where the type or a size was left out."""
    return Token("", line, 1).error("an empty line where a puzz.link file gives the type, then the rows, then the "
                                    "columns, each on its own line")


def looks_like_pzprv3(text: str) -> bool:
    """Whether ``text``'s first content line (or the one after a ``v:VARIANT`` line) starts a puzz.link file."""
    pieces = [piece for line in first_content_lines(text, 2) for piece in line.text.split("/", 2)[:2]]
    if pieces and pieces[0].strip().startswith("v:"):
        pieces = pieces[1:]
    return bool(pieces) and _version(pieces[0]) is not None


def _fields(text: str) -> list[Token]:
    """Every non-blank piece between ``/`` of the text's lines from its first content line on (comment lines above
    it, a note or ``# rules: open``, and a ``v:VARIANT`` line or piece before the header are skipped), stripped,
    located at its first character."""
    found: list[Token] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not found and (not stripped or stripped == "#" or stripped.startswith(("# ", "#\t"))):
            continue
        column = 1
        for piece in raw.split("/"):
            stripped = piece.strip()
            if stripped and (found or not stripped.startswith("v:")):  # 'v:VARIANT/pzprv3/...' on one line too
                found.append(Token(stripped, number, column + piece.find(stripped)))
            column += len(piece) + 1
    return found


class PzprFile:
    """A puzz.link file past its header: the version, the type, the size, and its data read field by field."""

    def __init__(self, text: str, types: tuple[str, ...], puzzle: str) -> None:
        fields = _fields(text)
        self.fields, self.at = fields, 0
        header = self.field("the header line 'pzprv3'")
        version = _version(header.text)
        if version is None:
            raise header.error(f"not a puzz.link file: expected a first line {HEADER!r} (or 'pzprv3.1'), found "
                               f"{header.text[:20]!r}")
        self.header, self.version = header, version
        self.kind = self.field("the puzzle type (the line after 'pzprv3')")
        kind = self.kind.text
        for suffix in EDITOR_SUFFIXES:
            kind = kind.removesuffix(suffix)
        if kind not in types:
            if kind.isdigit() and self.kind.line > header.line + 1:  # the type left out: a size read in its place
                raise _empty_line(header.line + 1)
            raise ForeignFile(f"not a {puzzle} file: puzz.link puzzle type {kind[:30]!r}, expected {one_of(types)}",
                              self.kind.line, self.kind.column, kind=kind, types=types)
        self.type = kind
        self.rows = self._size("number of rows")
        self.rows_field = self.fields[self.at - 1]
        self.cols = self._size("number of columns")
        self.size_field = self.fields[self.at - 1]
        self.board_at: int | None = None
        self.answer: Callable[[int], Shapes] | None = None

    def _size(self, what: str) -> int:
        token = self.field(f"its {what}")
        digits = token.text.lstrip("0")  # leading zeros read as pzprjs' parseInt reads them
        if not (token.text.isascii() and token.text.isdigit()) or not digits:
            head = self.fields[self.fields.index(self.kind) - 1:self.at]  # the first line, the type, the sizes
            empty = next((a.line + 1 for a, b in zip(head, head[1:]) if b.line > a.line + 1), None)
            if empty is not None:  # a size left out, its line empty: the next line was read in its place
                raise _empty_line(empty)
            raise token.error(f"bad {what} {token.text[:20]!r}: expected a positive number (a puzz.link file "
                              "gives the type, then the rows, then the columns, each on its own line)")
        if len(digits) > 6:
            raise token.error(f"{what} {digits[:12]}... is too large for a puzzle board")
        return int(digits)

    def end_error(self, what: str) -> Token:
        """Where the file ends (just past its last field), for an error saying ``what`` is missing there."""
        last = self.fields[-1] if self.fields else Token("", 1, 1)
        return Token("", last.line, last.column + len(last.text))

    def field(self, what: str) -> Token:
        """The next field; a located error at the file's end naming ``what`` when there is none."""
        if self.at >= len(self.fields):
            raise self.end_error(what).error(f"the file ends before {what}")
        self.at += 1
        return self.fields[self.at - 1]

    def flag(self, text: str) -> bool:
        """Whether the next field is ``text`` (a line such as slither's ``f``), taking it if so."""
        if self.at < len(self.fields) and self.fields[self.at].text == text:
            self.at += 1
            return True
        return False

    def row(self, count: int, what: str) -> tuple[Token, list[str]]:
        """The next field and its ``count`` space-separated items; an error when it holds another number."""
        field = self.field(what)
        items = field.text.split()
        if len(items) != count:
            tokens = self.tokens(field)
            at = tokens[count] if len(tokens) > count else Token("", field.line, field.column + len(field.text))
            raise at.error(f"{what}: {counted(len(tokens), 'item')} where the file's size ({self._size_words()}) "
                           f"gives {count}")
        return field, items

    @staticmethod
    def tokens(field: Token) -> list[Token]:
        """A field's items, each located at its column (made only for a row that needs them: one with a label, or an
        error)."""
        return [Token(token.text, field.line, field.column + token.column - 1)
                for token in Line(field.line, field.text).tokens()]

    def located(self, field: Token, items: list[str], indices: list[int]) -> list[Token]:
        """The items ``indices`` of a field, located (quick where the items are one space apart, as pzprjs writes
        them: a big board's row is not made into a token per cell for its two labels)."""
        if field.text != " ".join(items):
            tokens = self.tokens(field)
            return [tokens[index] for index in indices]
        starts = list(accumulate(map((1).__add__, map(len, items)), initial=field.column))  # an item, a space
        return [Token(items[index], field.line, starts[index]) for index in indices]

    def _size_words(self) -> str:
        return f"{counted(self.rows, 'row')} of {counted(self.cols, 'column')}"

    def grid(self, rows: int, cols: int, what: str) -> list[tuple[Token, list[str]]]:
        """``rows`` fields of ``cols`` items each (``what`` names them in errors, as 'row 2 of WHAT')."""
        if len(self.fields) - self.at < rows:
            raise self.end_error(what).error(f"the file ends after {len(self.fields) - self.at} of the {rows} rows "
                                             f"of {what} (its size: {self._size_words()})")
        return [self.row(cols, f"row {r + 1} of {what}") for r in range(rows)]

    def board(self, answer: Callable[[int], Shapes]) -> list[tuple[Token, list[str]]]:
        """The board's rows, as the file's size gives them; ``answer`` gives the shapes of the answer after a board of
        so many rows, so that a number of rows larger than the board's is said at that number (:meth:`oversized`)."""
        self.board_at, self.answer = self.at, answer
        try:
            board = self.grid(self.rows, self.cols, "the board")
        except InputError as exc:
            raise self.oversized() or exc from None
        fields = len(self.fields[self.board_at:self._data_end()])
        if fields not in (self.rows, self.rows + sum(count for count, cols, _ in answer(self.rows) if cols)):
            undersized = self.undersized()  # looked for only in a file of another length than its size gives
            if undersized is not None:
                raise undersized
        return board

    def _data_end(self) -> int:
        """Where the puzzle's data ends: at trial data, pzprjs' history, a second header, or the file's end."""
        start = self.board_at or 0
        return next((at for at in range(start, len(self.fields)) if self.fields[at].text.startswith(_STOPS)
                     or _version(self.fields[at].text) is not None), len(self.fields))

    def undersized(self) -> InputError | None:
        """An error at the number of rows when it is smaller than the board's: the rows the size gives are followed
        by more rows of the board's width, then the answer of a board of that many rows, or nothing when no answer's
        first line is of that width (pzprjs would read the further rows as the answer); None otherwise."""
        if self.board_at is None or self.answer is None:
            return None
        fields = self.fields[self.board_at:self._data_end()]
        first_width = next((cols for count, cols, _ in self.answer(self.rows) if count and cols), self.cols)
        for rows in range(self.rows + 1, len(fields) + 1):
            shapes = [(count, cols) for count, cols, _ in self.answer(rows) if count and cols]
            answered = rows + sum(count for count, _ in shapes) == len(fields)
            if not answered and (rows != len(fields) or first_width == self.cols):
                continue  # rows of the board's width and no answer could be an answer cut short: not said
            widths = [self.cols] * rows + [cols for count, cols in shapes for _ in range(count)] * answered
            if all(len(field.text.split()) == width for field, width in zip(fields, widths)):
                after = fields[self.rows]
                then = f"then the answer of a board of {counted(rows, 'row')}" if answered else "then no answer"
                return self.rows_field.error(f"number of rows {self.rows}, but the board has {rows}: after "
                                             f"{counted(self.rows, 'row')}, {counted(rows - self.rows, 'more row')} "
                                             f"of {counted(self.cols, 'cell')} (from {after.line}:{after.column}) "
                                             f"where the answer would come, {then}")
        return None

    def oversized(self) -> InputError | None:
        """An error at the number of rows when it is larger than the board's: the file holds a board of fewer rows,
        then exactly the answer of such a board, two lines or more (pzprjs would read the answer's first lines as the
        board's last rows); None otherwise."""
        if self.board_at is None or self.answer is None:
            return None
        fields = self.fields[self.board_at:self._data_end()]
        for rows in range(1, self.rows):
            shapes = [(count, cols) for count, cols, _ in self.answer(rows) if count and cols]
            if rows + sum(count for count, _ in shapes) != len(fields) or len(fields) - rows < 2:
                continue  # one line is too little to tell an answer from a board row written short
            widths = [self.cols] * rows + [cols for count, cols in shapes for _ in range(count)]
            if all(len(field.text.split()) == width for field, width in zip(fields, widths)):
                after = fields[rows]
                return self.rows_field.error(f"number of rows {self.rows}, but the board has {rows}: its "
                                             f"{counted(rows, 'row')} of {counted(self.cols, 'cell')} are followed by "
                                             f"the answer of a board of {counted(rows, 'row')} (from {after.line}:"
                                             f"{after.column}), which pzprjs would read as the board's last rows")
        return None

    def _numbers(self, rows: int, cols: int, what: str) -> None:
        """Check ``rows`` fields of ``cols`` whole numbers each (``-1`` allowed), as an answer is written."""
        for field, items in self.grid(rows, cols, what):
            if _ANSWER_ITEMS.issuperset(items):
                continue
            for token in self.tokens(field):
                number = token.text.removeprefix("-")
                if not (number.isascii() and number.isdigit() and len(number) < 4):
                    raise token.error(f"{what}: {token.text[:20]!r} is not a number (an answer holds numbers: its "
                                      "lines are 1 for a line, 0 for none, -1 for a cross)")

    def _marks(self, rows: int, cols: int, what: str, marks: dict[str, str]) -> None:
        """Check ``rows`` fields of ``cols`` items each, every one of ``marks`` (a mark and what it means)."""
        allowed = frozenset(marks)
        for row, (field, items) in enumerate(self.grid(rows, cols, what), start=1):
            if allowed.issuperset(items):
                continue
            token = next(token for token in self.tokens(field) if token.text not in allowed)
            meanings = ", ".join(f"{mark!r} {meaning}" for mark, meaning in marks.items())
            raise token.error(f"row {row} of {what}: unknown mark {token.text[:20]!r} (an answer's cells hold {meanings})")

    def skip_answer(self, shapes: list[tuple[int, int, str]], marks: dict[str, str] | None = None) -> None:
        """Check, and pass over, the answer after the puzzle's data: grids of the ``(rows, cols, what)`` shapes, when
        the file holds one (it may end, or trial data or pzprjs' history come next); what follows is not read. Its
        items are numbers (lines), or with ``marks`` (a mark and what it means) those cell marks."""
        if self.at < len(self.fields) and not self.fields[self.at].text.startswith(_STOPS):
            try:
                for rows, cols, what in shapes:
                    if rows and cols and marks is not None:
                        self._marks(rows, cols, what, marks)
                    elif rows and cols:  # pzprjs writes a line of no items as an empty line, passed over
                        self._numbers(rows, cols, what)
            except InputError as exc:
                exc.message += (f" (after the board's {counted(self.rows, 'row')}, as the file's size gives them, "
                                "comes the answer)")
                raise self.oversized() or exc from None
        self._one_file()

    def _one_file(self) -> None:
        """A located error at a second header after the puzzle: files run together would read as the first alone."""
        for token in self.fields[self.at:]:
            if _version(token.text) is not None:
                raise token.error("a second puzz.link file: a file holds one puzzle (pzprjs reads the first "
                                  "alone); give each its own file")


def lines_of(values: list[list[str]]) -> str:
    """Rows of items as pzprjs writes them: each item followed by a space, each row on its own line."""
    return "".join("".join(f"{value} " for value in row) + "\n" for row in values)


def pzprv3_file(kind: str, rows: int, cols: int, data: str, version: int = 0) -> str:
    """A whole puzz.link file: its header, type and size, then ``data`` (the puzzle's lines, each ending in a
    line break), as pzprjs' File > Save writes it, without its final line break (printed, or written, as a line)."""
    header = HEADER if version == 0 else f"{HEADER}.{version}"
    return f"{header}\n{kind}\n{rows}\n{cols}\n{data}".removesuffix("\n")
