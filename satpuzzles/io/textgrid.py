"""Reading puzzle text: numbered lines, comments and located tokens."""

from __future__ import annotations

from satpuzzles.core.errors import InputError
from satpuzzles.core.records import Record
from satpuzzles.core.words import counted

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable


class Line(Record, frozen=True):
    """One line of input with its 1-based line number."""

    number: int
    text: str

    def __init__(self, number: int, text: str) -> None:
        self.__dict__.update(number=number, text=text)  # made once per input line: no generic __init__

    def tokens(self, separator: str | None = None) -> list[Token]:
        """Split into tokens carrying their 1-based columns (``None`` splits on whitespace)."""
        found: list[Token] = []
        if separator is None:
            # str.split() cuts at runs of str.isspace characters; each word is found after the one before it
            text, number, at = self.text, self.number, 0
            for word in text.split():
                at = text.find(word, at)
                found.append(Token(word, number, at + 1))
                at += len(word)
            return found
        start = 0
        for part in self.text.split(separator):
            stripped = part.strip()
            offset = part.find(stripped) if stripped else 0
            found.append(Token(stripped, self.number, start + offset + 1))
            start += len(part) + len(separator)
        return found

    def chars(self) -> list[Token]:
        """One token per character, trailing whitespace ignored."""
        return [Token(ch, self.number, i + 1) for i, ch in enumerate(self.text.rstrip())]

    def error(self, message: str, column: int | None = None) -> InputError:
        """An InputError located on this line."""
        return InputError(message, self.number, column)


class Token(Record, frozen=True):
    """A piece of input text located by line and column."""

    text: str
    line: int
    column: int

    def __init__(self, text: str, line: int, column: int) -> None:
        self.__dict__.update(text=text, line=line, column=column)  # made once per cell: no generic __init__

    def error(self, message: str) -> InputError:
        """An InputError located at this token."""
        return InputError(message, self.line, self.column)


MAX_DIGITS = 9
"""Digits of the largest number a header, a count or a size may have (Python refuses to convert
numbers of more than 4,300 digits, and no board comes near a billion cells on a side)."""


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number written in ASCII digits (not '²', which int() refuses)."""
    return text.isascii() and text.isdigit()


def small_number(token: Token, what: str) -> int:
    """The non-negative number ``token`` holds (at most MAX_DIGITS digits), or a located error naming ``what``."""
    if not is_number(token.text):
        raise token.error(f"expected {what}, found {token.text[:20]!r}")
    if len(token.text) > MAX_DIGITS:
        raise token.error(f"{what}: {token.text[:12]}... ({len(token.text)} digits) is too large")
    return int(token.text)


def board_size(rows: int, cols: int) -> str:
    """A board's size in words that cannot be read the wrong way round: ``3 rows x 2,001 columns``."""
    return f"{rows:,} row{'s' * (rows != 1)} x {cols:,} column{'s' * (cols != 1)}"


class SizeLimit(Record, frozen=True):
    """The largest board a puzzle reads: at most ``side`` cells along a side and ``cells`` cells in all.

    Checked as soon as a reader knows a board's size, before it builds anything that
    grows with it, so an oversized input is a clear refusal rather than a run out of memory.
    """

    puzzle: str
    side: int
    cells: int

    def allows(self, rows: int, cols: int) -> bool:
        """Whether a board of ``rows`` x ``cols`` cells is within the limit."""
        return rows <= self.side and cols <= self.side and rows * cols <= self.cells

    def bounds(self) -> str:
        """The limit in words: ``at most 1,000 cells on a side and 250,000 in all``, or ``at most 25,000,000 cells
        in all`` when the side allows as many (a board 25,000,000 cells wide is one row)."""
        if self.side >= self.cells:
            return f"at most {self.cells:,} cells in all"
        return f"at most {self.side:,} cells on a side and {self.cells:,} in all"

    def refusal(self, rows: int, cols: int) -> str:
        """Why a ``rows`` x ``cols`` board over the limit is refused (the readers' and ``generate``'s wording)."""
        return (f"a board of {board_size(rows, cols)} is larger than {self.puzzle} accepts "
                f"({self.bounds()}; see docs/reliability.md)")

    def check(self, rows: int, cols: int, line: int | None = None, column: int | None = None,
              ours: Callable[[], bool] | None = None) -> None:
        """Raise a located TooLarge when a ``rows`` x ``cols`` board is over the limit; a plain InputError with
        the same message when ``ours()`` says the text is not this puzzle's anyway (asked only then)."""
        if self.allows(rows, cols):
            return
        refusal = TooLarge(self, rows, cols, line, column)
        if ours is not None and not ours():
            raise InputError(refusal.message, line, column)
        raise refusal


class TooLarge(InputError):
    """A board refused only for being over its puzzle's SizeLimit: detection counts that puzzle as a candidate."""

    def __init__(self, limit: SizeLimit, rows: int, cols: int, line: int | None = None, column: int | None = None,
                 source: str = "") -> None:
        super().__init__(limit.refusal(rows, cols), line, column, source)
        self.limit, self.rows, self.cols = limit, rows, cols
        self.args = (limit, rows, cols, line, column, source)  # as pickle rebuilds it


def row_cells(line: Line) -> int:
    """How many cells a grid row holds, cells separated by spaces or one character each (cheap on long rows)."""
    parts = line.text.split()
    return len(parts) if len(parts) != 1 else len(parts[0])


def cell_tokens(line: Line) -> list[Token]:
    """One token per cell of a grid row: space-separated cells, or one character per cell."""
    tokens = line.tokens()
    if len(tokens) > 1:
        return tokens
    return [Token(ch, token.line, token.column + i) for token in tokens for i, ch in enumerate(token.text)]


def check_rows(limit: SizeLimit, lines: list[Line], ours: Callable[[], bool] | None = None) -> None:
    """Refuse, before reading any cell, grid rows too many or too long for ``limit`` (``ours`` as SizeLimit.check)."""
    if not lines:
        return
    widest = max(lines, key=lambda line: len(line.text))
    limit.check(len(lines), row_cells(widest), widest.number if not limit.allows(1, row_cells(widest))
                else lines[0].number, 1, ours)


def only_chars(text: str, allowed: str) -> bool:
    """Whether ``text`` holds only ASCII characters of ``allowed`` (at C speed: bytes.translate)."""
    return text.isascii() and not text.encode("ascii").translate(None, allowed.encode("ascii"))


def only_cells(lines: list[Line], cells: str) -> bool:
    """Whether every row holds only characters of ``cells``, one per cell, separated by white space or by nothing.

    At C speed, without a token per cell: a reader asks it of a board over its SizeLimit, to refuse as
    too large (a candidate in detection) only a text that would otherwise be its puzzle's.
    """
    allowed = cells + " \t"
    for line in lines:
        text = line.text.strip()
        if not only_chars(text, allowed):  # some character is neither a cell nor a space
            return False
        if len(text.split(maxsplit=1)) > 1:  # separated by spaces: each cell one character
            words = text.split()
            if sum(map(len, words)) != len(words):
                return False
    return True


def spaced_comment(stripped: str) -> bool:
    """Whether a stripped line is a comment where ``#`` may also be a cell: ``#`` alone, or followed by a space."""
    return stripped == "#" or stripped.startswith(("# ", "#\t"))


def _is_comment(stripped: str, comment: str | Callable[[str], bool] | None) -> bool:
    if comment is None:
        return False
    if isinstance(comment, str):
        return bool(comment) and stripped.startswith(comment)
    return comment(stripped)


def content_lines(text: str, comment: str | Callable[[str], bool] | None = "#") -> list[Line]:
    """The non-blank lines of ``text`` that are not comments (lines starting with ``comment``, or those it
    accepts when it is a function of the stripped line), with their numbers."""
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or _is_comment(stripped, comment):
            continue
        lines.append(Line(number, raw.rstrip("\r\n")))
    return lines


def parse_ints(line: Line, count: int, what: str) -> list[int]:
    """Exactly ``count`` non-negative integers on ``line``, or a located error naming ``what``."""
    tokens = line.tokens()
    if len(tokens) != count or not all(is_number(tok.text) for tok in tokens):
        raise line.error(f"expected {what}", tokens[0].column if tokens else 1)
    return [small_number(tok, what) for tok in tokens]


def is_int_line(line: Line, count: int) -> bool:
    """Whether ``line`` holds exactly ``count`` non-negative integers."""
    if len(line.text.split(maxsplit=count)) != count:  # cheap on a long line
        return False
    tokens = line.tokens()
    return len(tokens) == count and all(is_number(tok.text) for tok in tokens)


def first_column(line: Line) -> int:
    """The 1-based column of the first character of ``line`` that is not a space."""
    return len(line.text) - len(line.text.lstrip()) + 1


def nonblank_lines(text: str, comment: str | Callable[[str], bool] | None = "#") -> list[Line]:
    """:func:`content_lines`, or a located error when the text holds nothing but blanks and comments."""
    lines = content_lines(text, comment)
    if not lines:
        # Only comments: perhaps a board whose rows start with '#' (a mark for unknown cells in many programs).
        commented = next(((number, raw) for number, raw in enumerate(text.splitlines(), start=1) if raw.strip()), None)
        if commented is None:
            raise InputError("empty input: no puzzle found", 1, 1)
        number, raw = commented
        raise InputError("empty input: no puzzle found, only comment lines (a line that starts with '#' is a comment)",
                         number, len(raw) - len(raw.lstrip()) + 1)
    return lines


def with_runs(cells: Iterable[str | None], runs: Callable[[int], str]) -> str:
    """``cells`` written in order, each run of empty ones (None) as ``runs(count)``, which gives '' for none (game
    ids' and puzz.link URLs' run letters)."""
    out: list[str] = []
    empty = 0
    for cell in cells:
        if cell is None:
            empty += 1
            continue
        out.append(runs(empty))
        out.append(cell)
        empty = 0
    out.append(runs(empty) if empty else "")
    return "".join(out)


def stated_value(stripped: str, key: str) -> str | None:
    """The VALUE of a stripped comment line ``# KEY: VALUE`` (KEY in any case, any spaces after ``#`` and before the
    colon; lower case, stripped), else None. ``#`` must be followed by a space, as where ``#`` may also be a cell
    (spaced_comment)."""
    if not stripped.startswith(("# ", "#\t")):
        return None
    body = stripped[1:].lstrip()
    rest = body[len(key):].lstrip()
    if body[:len(key)].lower() != key or not rest.startswith(":"):
        return None
    return rest[1:].strip().lower()


def stated(text: str, key: str) -> tuple[str, int] | None:
    """The value of a comment line ``# KEY: VALUE`` before the text's first content line (stated_value), and that
    line's number; None when there is none. Only the lines above the first content line are read."""
    start, number = 0, 0
    while start < len(text):
        end = text.find("\n", start)
        end, number = len(text) if end < 0 else end, number + 1
        stripped = text[start:end].strip()
        if stripped and not stripped.startswith("#"):
            return None
        value = stated_value(stripped, key)
        if value is not None:
            return value, number
        start = end + 1
    return None


def statements(text: str, key: str) -> list[tuple[str, int]]:
    """Every comment line ``# KEY: VALUE`` of the text, wherever it is (stated_value), with its line number."""
    if "#" not in text:  # most texts: no need to split them
        return []
    found = []
    for number, raw in enumerate(text.split("\n"), start=1):
        stripped = raw.strip()
        if stripped.startswith("#"):
            value = stated_value(stripped, key)
            if value is not None:
                found.append((value, number))
    return found


def first_content_lines(text: str, count: int, comment: str | Callable[[str], bool] | None = "#") -> list[Line]:
    """Up to ``count`` first content lines of ``text``, without splitting the rest (cheap on huge inputs)."""
    found: list[Line] = []
    start, number = 0, 0
    while len(found) < count and start < len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        number += 1
        raw = text[start:end]
        stripped = raw.strip()
        if stripped and not _is_comment(stripped, comment):
            found.append(Line(number, raw.rstrip("\r\n")))
        start = end + 1
    return found


def headed_boards(lines: list[Line], attached: Callable[[Line], bool] = lambda line: False) -> list[list[Line]]:
    """The boards of a text holding several one after another, each opened by its ``rows cols`` header
    (as ``generate --count N`` writes them); ``[lines]`` when it holds one, or anything else.

    Each header must be followed by exactly its rows, each of its width; lines right after a
    board's rows for which ``attached`` holds (a ``mines N`` line) belong to that board. A text
    whose every line has two cells is a run of boards only when it splits into two or more exactly
    (as ``generate --count N`` writes boards two cells wide); otherwise it is one grid two cells wide.
    """
    two_wide = all(row_cells(line) == 2 for line in lines if not attached(line))
    boards: list[list[Line]] = []
    at = 0
    while at < len(lines):
        header = lines[at].text.split()
        if not is_int_line(lines[at], 2) or any(len(number) > MAX_DIGITS for number in header):
            return [lines]
        rows, cols = int(header[0]), int(header[1])
        end = at + 1 + rows
        if rows == 0 or end > len(lines) or any(row_cells(line) != cols for line in lines[at + 1:end]):
            if boards and at + 1 < len(lines) and not two_wide:  # a run of boards, and this one is broken
                raise lines[at].error(f"board {len(boards) + 1}: its header says {counted(rows, 'row')} of {counted(cols, 'cell')}, and "
                                      f"the lines after it do not fit (each board of a file of several has its own "
                                      f"'rows cols' header, then exactly those rows)", 1)
            return [lines]
        while end < len(lines) and attached(lines[end]):
            end += 1
        boards.append(lines[at:end])
        at = end
    return boards if len(boards) > 1 else [lines]
