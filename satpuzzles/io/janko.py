"""janko.at puzzle data: the text block each puzzle page at janko.at/Raetsel/ carries for its applet.

A page holds it in a ``<script id="data" type="application/x-janko">`` element (tkoz0/janko.at-puzzle-scraping,
README.md and parser/PuzzleParser.py, from a download of the site of 2022)::

    begin
    puzzle slitherlink
    author Oleg Andrushko
    rows 4
    cols 4
    problem
    1 - - 0
    ...
    solution
    ...
    moves
    Z1;L0;Veb,1;...
    end

A setting is a word and its value on one line (``puzzle`` the type, ``size N`` a square board, ``rows`` and
``cols``); ``problem`` and ``solution`` are followed by one line per row of space-separated cells (``-`` empty);
``moves`` by the applet's record of a solve. The pages now write the section words in brackets (``[problem]``,
``[solution]``, ``[moves]``, ``[end]``, as the scrapers of SmilingWayne/puzzlekit-dataset, crawlers/, read them),
which read alike. Only ``puzzle``, the size and ``problem`` (and a puzzle's own settings, such as Minesweeper's
``mines``) are read: the solution and the moves are janko.at's, not needed to solve. Several blocks one after
another are a collection; a block's ``begin`` may be missing (the scraper above met such pages), and the text's end
ends its last block.
"""

from __future__ import annotations

from satpuzzles.core.errors import InputError
from satpuzzles.core.records import Record
from satpuzzles.core.words import counted
from satpuzzles.io.textgrid import Line, SizeLimit, Token, first_content_lines, nonblank_lines, small_number

KEYWORDS = frozenset((
    "begin", "end", "puzzle", "author", "solver", "source", "rights", "check", "unit", "unitsize", "depth", "info",
    "infotext", "date", "title", "variant", "layout", "options", "mail", "pid", "size", "rows", "cols", "problem",
    "solution", "moves", "areas", "rlabels", "clabels", "labels", "nodes", "pattern", "patternx", "patterny",
    "mines", "min", "max",
))
"""The words a janko.at line starts with when it is no row of cells (the properties the scraper above meets): a
section's rows run up to the next such line."""
_SIZES = ("size", "rows", "cols")

_OWNERS: dict[str, str] = {}
"""The puzzle that reads each janko.at puzzle type (filled as each puzzle's janko reader is loaded)."""


class ForeignJanko(InputError):
    """A janko.at block of a type another puzzle reads: detection then looks to that puzzle's error, if any."""


class JankoBlock(Record, frozen=True):
    """One block: its puzzle type, its settings (the value of each word read), its problem's rows of cells
    (tokens as written, ``-`` for an empty cell), its size and the lines it starts and ends on."""

    kind: str
    settings: dict[str, Token]
    rows: list[list[Token]]
    height: int
    width: int
    line: int
    end: int


def claim_types(puzzle: str, types: tuple[str, ...]) -> None:
    """Record that ``puzzle`` reads janko.at blocks of ``types`` (each puzzle's janko reader, as it is loaded)."""
    for kind in types:
        _OWNERS[kind] = puzzle


def _word(line: Line) -> str:
    """The word a line starts with, lower case, without the brackets of a section written ``[problem]``."""
    head = line.text.split(maxsplit=1)[0].lower()
    return head[1:-1] if head.startswith("[") and head.endswith("]") else head


def _is_keyword(line: Line) -> bool:
    head = line.text.split(maxsplit=1)[0]
    return _word(line) in KEYWORDS or (head.startswith("[") and head.endswith("]"))


def looks_like_janko(text: str) -> bool:
    """Whether the text starts as a janko.at block: a line ``begin``, or the ``puzzle TYPE`` line a block without
    ``begin`` starts with (``[puzzle] TYPE`` too), or another line of a block's words (``author X``, ``[size] 4``)
    when a line of the text starts the section ``[problem]`` as the pages now write it, which no grid has."""
    first = first_content_lines(text, 1)
    if not first:
        return False
    word = _word(first[0])
    if word == "begin" or (word == "puzzle" and len(first[0].text.split()) == 2):
        return True
    return word in KEYWORDS and _bracketed_problem(text)


def _bracketed_problem(text: str) -> bool:
    """Whether a line of ``text`` starts with ``[problem]`` (in any case)."""
    lowered = text.lower()
    at = lowered.find("[problem]")
    while at >= 0:
        if not lowered[lowered.rfind("\n", 0, at) + 1:at].strip():
            return True
        at = lowered.find("[problem]", at + 1)
    return False


def read_blocks(text: str, puzzle: str, types: tuple[str, ...], limit: SizeLimit,
                settings: tuple[str, ...] = ()) -> list[JankoBlock]:
    """Every block of the text, each of one of ``types`` (another type is a located error saying which puzzle reads
    it); ``settings``: the puzzle's own one-line settings to keep besides the size (``mines``)."""
    blocks: list[JankoBlock] = []
    current: list[Line] = []
    for line in nonblank_lines(text):
        word = _word(line)
        if word == "begin" and current:
            raise line.error(f"'begin' inside the janko.at block that starts on line {current[0].number}: "
                             "a block ends with a line 'end' before the next begins", 1)
        current.append(line)
        if word == "end":
            blocks.append(_block(current, puzzle, types, limit, settings))
            current = []
    if current:
        blocks.append(_block(current, puzzle, types, limit, settings))
    return blocks


def _block(lines: list[Line], puzzle: str, types: tuple[str, ...], limit: SizeLimit,
           own: tuple[str, ...]) -> JankoBlock:
    """One block's lines (``begin`` to ``end``, either maybe missing) read."""
    first = lines[0]
    body = [line for line in lines if _word(line) not in ("begin", "end")]
    kind_lines = [line for line in body if _word(line) == "puzzle"]
    if not kind_lines:
        raise first.error("janko.at block without a 'puzzle' line naming its type (as in 'puzzle arukone')", 1)
    if len(kind_lines) > 1:
        raise kind_lines[1].error(f"second 'puzzle' line in the block (the first is on line {kind_lines[0].number}): "
                                  "a block holds one puzzle; each ends with a line 'end'", 1)
    kind = _kind(kind_lines[0], puzzle, types)
    settings: dict[str, Token] = {}
    problem: tuple[Line, list[Line]] | None = None
    at = 0
    while at < len(body):
        line, word = body[at], _word(body[at])
        at += 1
        if word == "problem":
            if problem is not None:
                raise line.error(f"second 'problem' section in the block (the first is on line {problem[0].number})", 1)
            end = at
            while end < len(body) and not _is_keyword(body[end]):
                end += 1
            problem, at = (line, body[at:end]), end
        elif word in _SIZES or word in own:
            if word in settings:
                raise line.error(f"second '{word}' line in the block (the first is on line {settings[word].line})", 1)
            settings[word] = _value(line, word)
    if problem is None:
        raise lines[-1].error("janko.at block without a 'problem' section (the puzzle's rows of cells)", 1)
    height, width = _size(settings, problem, limit)
    rows = _rows(problem, settings, height, width)
    return JankoBlock(kind, settings, rows, height, width, first.number, lines[-1].number)


def _kind(line: Line, puzzle: str, types: tuple[str, ...]) -> str:
    """The block's puzzle type, one of ``types``; a located error for another type or none."""
    tokens = line.tokens()
    if len(tokens) != 2:
        raise line.error("expected 'puzzle TYPE', the janko.at puzzle type (as in 'puzzle arukone')", 1)
    kind = tokens[1].text.lower()
    if kind in types:
        return kind
    from satpuzzles.core import registry  # an error only: every puzzle loaded, so each has claimed its types

    registry.puzzles()
    owner = _OWNERS.get(kind)
    if owner is not None:
        raise ForeignJanko(f"a janko.at {kind!r} puzzle is a {owner} puzzle, not a {puzzle} one: "
                           f"'satpuzzles {owner}' or 'satpuzzles solve' reads it", tokens[1].line, tokens[1].column)
    known = ", ".join(repr(name) for name in sorted(_OWNERS))
    raise InputError(f"janko.at puzzle type {tokens[1].text!r} is not one this tool reads (it reads {known})",
                     tokens[1].line, tokens[1].column)


def _value(line: Line, word: str) -> Token:
    """The value of a one-line setting ``WORD N``: its token, checked to be a number."""
    tokens = line.tokens()
    if len(tokens) != 2:
        raise line.error(f"expected '{word} N' with N a number", 1)
    small_number(tokens[1], f"a number after '{word}'")
    return tokens[1]


def _said(settings: dict[str, Token], word: str) -> Token | None:
    """The token that gives the board's rows (``word`` ``rows``) or columns (``cols``): that setting, else ``size``."""
    return settings.get(word, settings.get("size"))


def _size(settings: dict[str, Token], problem: tuple[Line, list[Line]], limit: SizeLimit) -> tuple[int, int]:
    """The board's rows and columns: ``size N`` (square), or ``rows`` and ``cols``, else as the problem's rows
    are; checked against ``limit`` before any cell is read."""
    heading, lines = problem
    if ("rows" in settings) != ("cols" in settings):
        given, missing = ("rows", "cols") if "rows" in settings else ("cols", "rows")
        raise settings[given].error(f"'{given}' without '{missing}': give both, or 'size N' for a square board")
    if "size" in settings and "rows" in settings and {int(settings[word].text) for word in _SIZES} != {
            int(settings["size"].text)}:
        raise settings["size"].error(f"'size {settings['size'].text}' disagrees with 'rows {settings['rows'].text}' "
                                     f"and 'cols {settings['cols'].text}'")
    if not lines:
        raise heading.error("the 'problem' section has no rows", 1)
    said_rows, said_cols = _said(settings, "rows"), _said(settings, "cols")
    height = int(said_rows.text) if said_rows else len(lines)
    width = int(said_cols.text) if said_cols else len(lines[0].text.split())
    for token, count in ((said_rows, height), (said_cols, width)):
        if token is not None and count == 0:
            raise token.error("empty board: its size gives no cells")
    where = said_rows or Token("", heading.number, 1)
    limit.check(height, width, where.line, where.column)
    return height, width


def _rows(problem: tuple[Line, list[Line]], settings: dict[str, Token], height: int, width: int) -> list[list[Token]]:
    """The problem's rows of cells, each of ``width`` cells, ``height`` of them."""
    heading, lines = problem
    if len(lines) != height:
        at = lines[height] if len(lines) > height else heading
        raise at.error(f"the problem has {counted(len(lines), 'row')} where {_source(settings, 'rows')} {height}", 1)
    rows = []
    for line in lines:
        row = line.tokens()
        if len(row) != width:
            column = row[width].column if len(row) > width else len(line.text.rstrip()) + 1
            raise line.error(f"row of {counted(len(row), 'cell')} where {_source(settings, 'cols')} {width}", column)
        rows.append(row)
    return rows


def _source(settings: dict[str, Token], word: str) -> str:
    """What gave the board's rows or columns, for an error: ``'size 4' (line 5) says``, ``the first row has``."""
    token = _said(settings, word)
    if token is None:
        return "the first row has"
    return f"'{word if word in settings else 'size'} {token.text}' (line {token.line}) says"
