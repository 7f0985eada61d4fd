"""puzz.link (pzprjs) URL building blocks shared by every puzzle's URL format.

A URL is ``https://puzz.link/p?TYPE/[FLAGS/]W/H/BODY`` (also pzv.jp and other pzprjs hosts);
the head is read here once, and the BODY encodings pzprjs shares between puzzles
(``Number16`` numbers, runs of empty cells, ``Circle`` base-3 digits) are decoded and
encoded here. Every error is located at its column in the URL. As in pzprjs, a body that
ends early leaves the remaining cells blank (URLs are often cut short when shared), and what follows the
last cell is not read (a query a site adds, ``&fbclid=...``, or a final ``//``).
"""

from __future__ import annotations

from satpuzzles.core.errors import InputError
from satpuzzles.core.records import Record
from satpuzzles.io.textgrid import Line, first_column, first_content_lines, with_runs

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing loads re: a Loopy game id is read without it
    from collections.abc import Callable
    from typing import TypeVar

    T = TypeVar("T")

RUN_LETTERS = "ghijklmnopqrstuvwxyz"
"""g, h, ..., z: a run of 1, 2, ..., 20 empty cells."""

_URL_START = r"\s*(https?://|[\w.-]+/p(\.html)?\?)"
"""Case-insensitive: what a line starting with a URL matches (every such line holds ``://`` or ``?``)."""
_NUMBER_FORMS = (
    (77776, "$", 5, 77776), (12240, "*", 4, 12240), (8192, "@", 3, 8192), (4096, "=", 3, 4096),
    (256, "+", 3, 0), (16, "-", 2, 0),
)
"""pzprjs' Number16 forms above one hex digit: lowest value, prefix, hex digits that follow, offset added."""
_WIDE = {prefix: (digits, offset) for _, prefix, digits, offset in _NUMBER_FORMS} | {"%": (3, 8192)}
"""The wide forms by prefix; ``%`` is the old prefix of ``@`` (pzprjs reads both and writes ``@``, as ``%32``
would be read as a percent-escape)."""
MAX_NUMBER = 77776 + 0xFFFFF
"""The largest number Number16 can write."""
_HEX = "0123456789abcdef"


class ForeignUrl(InputError):
    """A URL of another puzzle type: detection then looks to the puzzles that read that type. ``kind`` is the type
    found, ``types`` those the refusing puzzle reads (detection lists them when no puzzle reads ``kind``)."""

    what = "URL"

    def __init__(self, message: str, line: int | None = None, column: int | None = None, source: str = "", *,
                 kind: str = "", types: tuple[str, ...] = ()) -> None:
        super().__init__(message, line, column, source)
        self.kind, self.types = kind, types


def one_of(types: tuple[str, ...]) -> str:
    """The puzz.link types a puzzle reads, quoted, as a refusal lists them: 'numlin', 'arukone' or 'numberlink'."""
    quoted = [repr(kind) for kind in types]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def unread_type(failures: list[tuple[str, InputError]]) -> InputError | None:
    """One error for a puzz.link URL or file that every puzzle reading such texts (``failures``: its name and
    refusal) refused for its type: located at the furthest refusal, the first line of another type than the lines
    above it (a file of URLs may hold several); that type, and the types each puzzle reads, as they declare them, or,
    for a type another puzzle reads, that one file holds one type; None otherwise (another error says more)."""
    foreign = [(name, exc) for name, exc in failures if isinstance(exc, ForeignUrl) and exc.kind]
    if not foreign or len(foreign) != len(failures):
        return None
    last = max((exc.line or 0, exc.column or 0) for _, exc in foreign)
    furthest = [(name, exc) for name, exc in foreign if (exc.line or 0, exc.column or 0) == last]
    if len({(type(exc), exc.kind) for _, exc in furthest}) != 1:
        return None
    first = furthest[0][1]
    readers = [name for name, exc in foreign if first.kind in exc.types]
    if readers:  # the lines above are of the type the furthest refusers read: a file of one type and then another
        above = " and ".join(f"{name} puzzles (puzz.link {first.what}s of types {', '.join(exc.types)})"
                             for name, exc in furthest)
        return InputError(f"a puzz.link {first.kind[:30]!r} puzzle, which {' and '.join(readers)} reads, after "
                          f"{above} on the lines above: one file holds puzzles of one type; give it a file of its own",
                          first.line, first.column)
    read = [f"{', '.join(exc.types)} ({name})" for name, exc in foreign]
    listed = " and ".join(read) if len(read) < 3 else f"{', '.join(read[:-1])} and {read[-1]}"
    return InputError(f"a puzz.link {first.kind[:30]!r} puzzle, a type this tool does not read: it reads puzz.link "
                      f"{first.what}s of types {listed}", first.line, first.column)


def is_url(line: Line) -> bool:
    """Whether ``line`` looks like a puzz.link / pzv.jp URL rather than a grid row."""
    if "://" not in line.text and "?" not in line.text:
        return False  # a grid row: no need to load re
    import re

    return re.match(_URL_START, line.text, re.IGNORECASE) is not None


def looks_like_url(text: str) -> bool:
    """Whether the text's first content line is a puzz.link URL."""
    lines = first_content_lines(text, 1)
    return bool(lines) and is_url(lines[0])


def blank_runs(count: int) -> str:
    """The letters for ``count`` empty cells in a row (runs of at most 20 each; '' for none)."""
    full, rest = divmod(count, len(RUN_LETTERS))
    return RUN_LETTERS[-1] * full + (RUN_LETTERS[rest - 1] if rest else "")


def run_length(ch: str) -> int | None:
    """How many empty cells a run letter ``g``-``z`` stands for (None for another character)."""
    return int(ch, 36) - 15 if "g" <= ch <= "z" else None


class UrlHead(Record, frozen=True):
    """The parts of a URL before its body, and where the body starts (1-based column)."""

    line: Line
    kind: str
    flags: str
    width: int
    height: int
    body: str
    body_column: int

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.width * self.height

    def error(self, message: str, offset: int | None = None) -> InputError:
        """An InputError at ``offset`` characters into the body (its end when None)."""
        return self.line.error(message, self.body_column + (len(self.body) if offset is None else offset))


def _segments(text: str, start: int) -> list[tuple[str, int]]:
    """The '/'-separated parts of ``text`` with their 1-based columns, ``text`` starting at ``start``."""
    found: list[tuple[str, int]] = []
    for part in text.split("/"):
        found.append((part, start))
        start += len(part) + 1
    return found


EDITOR_SUFFIXES = ("_edit", "_play")
"""What pzprjs accepts after a type name to open the editor or the player."""


def read_head(line: Line, types: tuple[str, ...], puzzle: str, allowed_flags: dict[str, str] | None = None) -> UrlHead:
    """The head of a pzprjs URL of one of ``types``; ``allowed_flags`` maps a flag letter to what it means.

    As in pzprjs, ``KEY=VALUE&`` options before the type (``?type=player&numlin/...``, which puzz.link's page
    takes as its own), a ``_edit``/``_play`` suffix on the type, a ``v:VARIANT`` segment after it and final ``/``s
    are accepted (no puzzle here has variants; pzprjs' decoders pass over a ``/`` ending a body); a ``#fragment``,
    which a browser never sends, is left out, as a browser leaves it.
    """
    shape = f"'https://puzz.link/p?{types[0]}/W/H/BODY'"
    text = line.text.rstrip()
    text = text[: text.index("#")] if "#" in text else text
    text = text.rstrip("/")
    query, second = _query(text)
    if query < 0:
        raise line.error(f"not a puzz.link URL: expected {shape}", first_column(line))
    parts = _segments(text[query + 1 :], query + 2)
    kind, column = parts[0]
    for suffix in EDITOR_SUFFIXES:
        kind = kind.removesuffix(suffix)
    if kind not in types and file_in_url(line) is not None:  # a puzzle that reads no puzz.link file
        kind, column = parts[1] if len(parts) > 1 else ("", column)
        if kind in types:
            raise line.error(f"a puzz.link file in a URL (pzprv3), which {puzzle} does not read: give the URL of "
                             f"the puzzle, {shape}", column)
        raise ForeignUrl(f"not a {puzzle} URL: a puzz.link file of type {kind[:30]!r}", line.number, column,
                         kind=kind, types=types)
    if kind not in types and second >= 0:
        raise line.error(f"a second '?' in the URL: puzz.link reads the puzzle from what follows it ({kind[:30]!r}, "
                         f"not a {puzzle} URL); leave out this '?' and what follows it", second + 1)
    if kind not in types:
        raise ForeignUrl(f"not a {puzzle} URL: puzzle type {kind[:30]!r}, expected {one_of(types)}", line.number,
                         column, kind=kind, types=types)
    parts = [parts[0], *(part for part in parts[1:2] if not part[0].startswith("v:")), *parts[2:]]
    at, flags = 1, ""
    if at < len(parts) and parts[at][0] and not parts[at][0].isdigit():
        flags, column = parts[at]
        if flags[0] in "+-" and flags[1:].isascii() and flags[1:].isdigit():  # a signed number: a size
            raise line.error(f"bad width {flags[:20]!r} in URL: expected a positive number, as in {shape}", column)
        if flags[0].isascii() and flags[0].isdigit():  # flags are letters: this is a size written wrong ('3x3')
            raise line.error(f"malformed size {flags[:20]!r} in URL: expected the width and the height as two "
                             f"numbers, as in {shape}", column)
        allowed = allowed_flags or {}
        for offset, flag in enumerate(flags):
            if flag not in allowed:
                known = ", ".join(f"{f!r} ({meaning})" for f, meaning in allowed.items())
                why = f"only {known} is supported" if known else f"no flags are read for {puzzle}"
                raise line.error(f"unknown URL flag {flag!r}: {why}", column + offset)
        at += 1
    if len(parts) < at + 2:
        raise line.error(f"URL too short: expected {shape}", len(text) + 1)
    width = _size(line, *parts[at], "width", shape)
    height = _size(line, *parts[at + 1], "height", shape)
    body_column = parts[at + 2][1] if len(parts) > at + 2 else len(text) + 1
    return UrlHead(line, kind, flags, width, height, text[body_column - 1 :], body_column)


def file_in_url(line: Line) -> tuple[str, int] | None:
    """The puzz.link file a ``pzprv3`` URL holds (``https://puzz.link/p?pzprv3/slither/...``, pzprjs'
    URL_PZPRFILE: the file's lines percent-encoded and joined by ``/``), as written, and the column where it starts;
    None for a URL of a puzzle type."""
    text = line.text.rstrip()
    text = text[: text.index("#")] if "#" in text else text
    query, _ = _query(text)
    if query < 0:
        return None
    start = query + 1
    parts = text[start:].split("/", 2)
    first = parts[1] if parts[0].startswith("v:") and len(parts) > 1 else parts[0]  # as parser.js parseURLType
    if not (first.startswith("pzprv") and all(ch in "0123456789." for ch in first[5:])):
        return None
    return text[start:], start + 1


def url_or_file(line: Line, read_url: Callable[[Line], T], read_file: Callable[[str], T]) -> T:
    """The puzzle of a URL: ``read_url``'s, or ``read_file``'s of the file a ``pzprv3`` URL holds; an error in the
    file is located at its column in the URL (where no %-escape comes before it, else at the file's start)."""
    from urllib.parse import unquote

    found = file_in_url(line)
    if found is None:
        return read_url(line)
    text, start = found
    try:
        return read_file(unquote(text, errors="strict"))
    except UnicodeDecodeError:
        raise line.error("a puzz.link file in the URL that is not UTF-8 text once its %-escapes are read",
                         start) from None
    except InputError as exc:
        escaped = "%" in line.text[start - 1 : start - 1 + (exc.column or 1)]
        column = start if escaped or exc.line != 1 else start + (exc.column or 1) - 1
        if isinstance(exc, ForeignUrl):  # a file of another type: a URL, which detection takes to its readers
            raise ForeignUrl(exc.message, line.number, column, kind=exc.kind, types=exc.types) from None
        exc.line, exc.column = line.number, column
        raise


def _query(text: str) -> tuple[int, int]:
    """Where the part of a URL that pzprjs reads starts (before it, its '?' or the last of the ``KEY=VALUE&``
    options after it: -1 for a text with no '?'), and where a second '?' is (-1 for none): pzprjs reads from that
    one (puzz.link's page passes location.search on, and parser.js parseURLType reads from the '?' in it)."""
    query = text.find("?")
    if query < 0:
        return -1, -1
    query += _options_length(text[query + 1 :])
    second = text.find("?", query + 1)
    return (query, -1) if second < 0 else (second + _options_length(text[second + 1 :]), second)


def _options_length(query: str) -> int:
    """How many characters of ``query`` (a URL past its ``?``) are ``KEY=VALUE&`` options before the type, which
    puzz.link's page takes as its own (src-ui/js/ui/Boot.js: ``type=player&``, ``embed=1&``)."""
    import re

    found = re.match(r"(?:\w+=\w+&)*", query, re.ASCII)
    return found.end() if found else 0


def _size(line: Line, part: str, column: int, what: str, shape: str) -> int:
    if not (part.isascii() and part.isdigit()) or int(part[:7]) == 0:
        raise line.error(f"bad {what} {part[:20]!r} in URL: expected a positive number, as in {shape}", column)
    if len(part) > 6:
        raise line.error(f"{what} {part[:12]}... in URL is too large for a puzzle board", column)
    return int(part)


def decode_number16(head: UrlHead, unknown_hint: str = "") -> dict[int, tuple[int | None, int]]:
    """pzprjs' decodeNumber16: cell index -> (number, the column in the URL where it is written); the number is
    None for ``.``, a number left unknown; runs of empty cells are skipped.

    ``unknown_hint`` makes ``.`` an error with that text (a puzzle that needs every number).
    """
    numbers: dict[int, tuple[int | None, int]] = {}
    body, cursor, at = head.body, 0, 0
    while at < len(body) and cursor < head.size:
        ch, column = body[at], head.body_column + at
        if ch in _HEX:
            numbers[cursor], cursor, at = (int(ch, 16), column), cursor + 1, at + 1
        elif ch in _WIDE:
            digits, offset = _WIDE[ch]
            hex_text = body[at + 1 : at + 1 + digits]
            if len(hex_text) != digits or any(d not in _HEX for d in hex_text.lower()):  # parseInt reads 'A'-'F'
                raise head.error(f"{ch!r} in the URL body needs {digits} hex digits after it", at)
            numbers[cursor], cursor, at = (int(hex_text, 16) + offset, column), cursor + 1, at + 1 + digits
        elif run_length(ch) is not None:
            cursor, at = cursor + (run_length(ch) or 0), at + 1
        elif ch == ".":
            if unknown_hint:
                raise head.error(unknown_hint, at)
            numbers[cursor], cursor, at = (None, column), cursor + 1, at + 1
        else:
            raise head.error(f"unknown character {ch!r} in URL body: expected 0-9 or a-f (a number), '-', '+', "
                             "'=', '@', '%', '*' or '$' (a longer number) or g-z (empty cells)", at)
    return numbers  # as pzprjs, what follows the last cell is not read (a query such as '&fbclid=...')


def write_number16(value: int) -> str:
    """pzprjs' writeNumber16, with the wide forms zero-padded to the width its reader expects."""
    for low, prefix, digits, offset in _NUMBER_FORMS:
        if value >= low:
            return f"{prefix}{value - offset:0{digits}x}"
    return f"{value:x}"


def encode_number16(cells: list[int | None]) -> str:
    """pzprjs' encodeNumber16 of row-major cells (None for an empty cell)."""
    return with_runs((None if value is None else write_number16(value) for value in cells), blank_runs)


def decode_circle(head: UrlHead) -> list[int]:
    """pzprjs' decodeCircle: each base-27 digit (0-9, a-q) holds three cells of 0 (none), 1 or 2, worth 9, 3, 1."""
    values: list[int] = []
    for at, ch in enumerate(head.body):
        if len(values) >= head.size:  # as pzprjs, what follows the last cell is not read
            break
        if not (ch.isascii() and ch.isalnum()) or int(ch, 36) >= 27:
            raise head.error(f"unknown character {ch!r} in URL body: expected 0-9 or a-q", at)
        number = int(ch, 36)
        values += [number // 9, number // 3 % 3, number % 3]
    return (values + [0] * head.size)[: head.size]


def encode_circle(cells: list[int]) -> str:
    """pzprjs' encodeCircle of row-major cells holding 0, 1 or 2."""
    padded = cells + [0] * (-len(cells) % 3)
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return "".join(digits[a * 9 + b * 3 + c] for a, b, c in zip(padded[0::3], padded[1::3], padded[2::3]))


def url(kind: str, width: int, height: int, body: str, flags: str = "") -> str:
    """A puzz.link URL; a body ending in ``.`` gets a final ``/``, as pzprjs writes it (link shorteners and
    mail programs drop a final dot)."""
    end = "/" if body.endswith(".") else ""
    return f"https://puzz.link/p?{kind}/{flags + '/' if flags else ''}{width}/{height}/{body}{end}"
