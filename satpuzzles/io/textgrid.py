"""Reading puzzle text: numbered lines, comments and located tokens."""

from __future__ import annotations

from dataclasses import dataclass

from satpuzzles.core.errors import InputError


@dataclass(frozen=True)
class Line:
    """One line of input with its 1-based line number."""

    number: int
    text: str

    def tokens(self, separator: str | None = None) -> list[Token]:
        """Split into tokens carrying their 1-based columns (``None`` splits on whitespace)."""
        found: list[Token] = []
        if separator is None:
            column, text = 0, self.text
            while column < len(text):
                if text[column].isspace():
                    column += 1
                    continue
                end = column
                while end < len(text) and not text[end].isspace():
                    end += 1
                found.append(Token(text[column:end], self.number, column + 1))
                column = end
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


@dataclass(frozen=True)
class Token:
    """A piece of input text located by line and column."""

    text: str
    line: int
    column: int

    def error(self, message: str) -> InputError:
        """An InputError located at this token."""
        return InputError(message, self.line, self.column)


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit()


def content_lines(text: str, comment: str | None = "#") -> list[Line]:
    """The non-blank lines of ``text`` that are not comments, with their numbers."""
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or (comment and stripped.startswith(comment)):
            continue
        lines.append(Line(number, raw.rstrip("\r\n")))
    return lines


def parse_ints(line: Line, count: int, what: str) -> list[int]:
    """Exactly ``count`` non-negative integers on ``line``, or a located error naming ``what``."""
    tokens = line.tokens()
    if len(tokens) != count or not all(_is_number(tok.text) for tok in tokens):
        raise line.error(f"expected {what}", tokens[0].column if tokens else 1)
    return [int(tok.text) for tok in tokens]


def is_int_line(line: Line, count: int) -> bool:
    """Whether ``line`` holds exactly ``count`` non-negative integers."""
    tokens = line.tokens()
    return len(tokens) == count and all(_is_number(tok.text) for tok in tokens)


def first_column(line: Line) -> int:
    """The 1-based column of the first character of ``line`` that is not a space."""
    return len(line.text) - len(line.text.lstrip()) + 1


def nonblank_lines(text: str) -> list[Line]:
    """:func:`content_lines`, or a located error when the text holds nothing but blanks and comments."""
    lines = content_lines(text)
    if not lines:
        raise InputError("empty input: no puzzle found", 1, 1)
    return lines


def first_content_lines(text: str, count: int, comment: str | None = "#") -> list[Line]:
    """Up to ``count`` first content lines of ``text``, without splitting the rest (cheap on huge inputs)."""
    found: list[Line] = []
    start, number = 0, 0
    while len(found) < count and start < len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        number += 1
        raw = text[start:end]
        stripped = raw.strip()
        if stripped and not (comment and stripped.startswith(comment)):
            found.append(Line(number, raw.rstrip("\r\n")))
        start = end + 1
    return found
