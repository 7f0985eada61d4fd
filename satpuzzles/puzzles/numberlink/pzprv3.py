"""Numberlink as a puzz.link file (pzprv3), as pzprjs' File > Save writes it (src/variety/numlin.js).

- ``numlin`` (the open rule, as its URL): rows of numbers, ``.`` an empty cell, ``-`` a number
  left unknown (refused: every endpoint needs its number);
- ``arukone``: a line ``passallcell`` (the fill rule) or ``dontpassallcell`` (open: its URL's
  ``e`` flag), then rows of letters, ``A``-``Z`` and ``a``-``z`` for 1 to 52, read as the numbers
  its URL gives them;

then the lines drawn: ``rows`` lines of ``cols - 1`` (between cells side by side), ``rows - 1``
lines of ``cols`` (between cells one above the other), 1 a line, 0 none, -1 a cross. They are
checked but not used: the puzzle is solved from its numbers; a solved puzzle is written with its
paths drawn (``-r FILE --result-format pzprv3``). A ``# rules:`` line above the file
may add no-self-touch, as above a URL.

The reader of URLs is here too, beside the file reader it needs: a ``pzprv3`` URL (what puzz.link's
Duplicate link opens) holds such a file; a URL of a type is read by url.py.
"""

from __future__ import annotations

from itertools import count

from satpuzzles.core.errors import InputError
from satpuzzles.core.naming import CLI, Naming
from satpuzzles.core.outcome import Settings
from satpuzzles.core.records import replace
from satpuzzles.core.spec import Reader
from satpuzzles.core.words import listed
from satpuzzles.io.puzzlink import looks_like_url, url_or_file
from satpuzzles.io.pzprv3 import PzprFile, Shapes, lines_of, looks_like_pzprv3, pzprv3_file
from satpuzzles.io.textgrid import MAX_DIGITS, Token, nonblank_lines
from satpuzzles.puzzles.numberlink.formats import LIMIT, build_instance
from satpuzzles.puzzles.numberlink.model import (
    EMPTY,
    FILL,
    OPEN,
    NumberlinkInstance,
    NumberlinkSolution,
    RuleSet,
    rules_in_force,
)
from satpuzzles.puzzles.numberlink.stated import under_stated_rules
from satpuzzles.puzzles.numberlink.url import LETTERS, TYPE_RULES, URL_TYPES, read_url, url_numbers

PASS_ALL = {"passallcell": FILL, "dontpassallcell": OPEN}
"""An arukone file's line before its board: whether every cell is to be used (pzprjs' ``dontpassallcell`` config)."""
_UNKNOWN = "'-' (a number left unknown): every endpoint needs its number"


def _number_cell(token: Token) -> Token:
    """A numlin cell other than ``.``: its number as a label (``07`` is 7, as in pzprjs)."""
    if token.text == "-":
        raise token.error(_UNKNOWN)
    if not (token.text.isascii() and token.text.isdigit()):
        raise token.error(f"bad cell {token.text[:20]!r}: expected a number, or '.' for an empty cell")
    if len(token.text) > MAX_DIGITS:
        raise token.error(f"number {token.text[:12]}... ({len(token.text)} digits) is too large")
    return Token(str(int(token.text)), token.line, token.column)


def _letter_cell(token: Token) -> Token:
    """An arukone cell other than ``.``: its letter's number as a label (A 1, ..., z 52)."""
    if token.text == "-":
        raise token.error(_UNKNOWN)
    if len(token.text) != 1 or token.text not in LETTERS:
        raise token.error(f"bad cell {token.text[:20]!r}: expected a letter A-Z or a-z, or '.' for an empty cell")
    return Token(str(LETTERS.index(token.text) + 1), token.line, token.column)


def read_pzprv3(text: str) -> NumberlinkInstance:
    """The puzzle of a ``numlin`` or ``arukone`` puzz.link file, under its type's rule."""
    file = PzprFile(text, URL_TYPES, "Numberlink")
    LIMIT.check(file.rows, file.cols, file.size_field.line, file.size_field.column)
    rules, letters = TYPE_RULES[file.type], file.type == "arukone"
    if letters:
        line = file.field("the line 'passallcell' or 'dontpassallcell' after the size")
        if line.text not in PASS_ALL:
            raise line.error(f"expected 'passallcell' (every cell used) or 'dontpassallcell' (cells may stay empty) "
                             f"after an arukone file's size, found {line.text[:20]!r}")
        rules = PASS_ALL[line.text]
    cell = _letter_cell if letters else _number_cell
    blank = Token(EMPTY, file.header.line, 1)  # one for every empty cell: a big board's cells are mostly empty
    rows = []
    for field, items in file.board(lambda rows: _answer(rows, file.cols)):
        row = [blank] * file.cols
        labelled = [] if items.count(EMPTY) == len(items) else [c for c, item in enumerate(items) if item != EMPTY]
        for c, token in zip(labelled, file.located(field, items, labelled)):
            row[c] = cell(token)
        rows.append(row)
    try:
        instance = build_instance(rows, file.header.line, file.cols, char_grid=True)
    except InputError as exc:
        if letters:
            exc.message += " (an arukone file's letters are read as numbers: A is 1, Z 26, a 27, z 52)"
        raise
    file.skip_answer(_answer(file.rows, file.cols))
    return replace(instance, rules=rules)


def _answer(rows: int, cols: int) -> Shapes:
    """The lines of a file's answer after a board of ``rows`` and ``cols``."""
    return [(rows, cols - 1, "the lines between cells side by side"),
            (rows - 1, cols, "the lines between cells one above the other")]


def _letter_numbers(instance: NumberlinkInstance, naming: Naming = CLI) -> dict[str, int]:
    """Each label's number in an arukone file, 1 to 52 (a letter each): its URL number when that is one of them,
    else the smallest free one; a ValueError for more than 52 labels, or a number no letter is (the option that
    writes numlin named as ``naming`` spells it)."""
    open_rules = naming.given("rules", OPEN, typed=OPEN)
    if len(instance.labels) > len(LETTERS):
        raise ValueError(f"an arukone file writes each label as a letter, 52 at most, and this board has "
                         f"{len(instance.labels)} (under {open_rules} it is written as numlin, with numbers)")
    unlettered = [label for label in instance.labels if label.isascii() and label.isdigit()
                  and not (len(label.lstrip("0")) <= 2 and 1 <= int(label) <= len(LETTERS))]
    if unlettered:  # given another letter, the file's puzzle would not be the board's
        raise ValueError(f"an arukone file writes labels 1 to 52, as the letters A-Z and a-z, and has none for "
                         f"{listed([repr(label) for label in unlettered[:5]])}"
                         f"{' ...' if len(unlettered) > 5 else ''}: renumber them, or under {open_rules} it is "
                         "written as numlin, with numbers")
    numbers = url_numbers(instance, letters=True)
    taken = {number for number in numbers.values() if 1 <= number <= len(LETTERS)}
    free = (number for number in count(1) if number not in taken)
    return {label: number if 1 <= number <= len(LETTERS) else next(free) for label, number in numbers.items()}


def to_pzprv3(instance: NumberlinkInstance, rules: RuleSet | None = None,
              solution: NumberlinkSolution | None = None, naming: Naming = CLI) -> str:
    """The puzzle as a puzz.link file: ``arukone`` under the fill rule (a letter for each label, so 52 at most),
    ``numlin`` under open; ``rules`` default to the instance's own (fill when its format does not say). The lines
    are the ``solution``'s paths (``1`` a link, ``0`` none, as pzprjs' encodeBorderLine writes them), or none drawn.
    """
    fill = rules.fill if rules is not None else instance.rules != OPEN
    numbers = _letter_numbers(instance, naming) if fill else url_numbers(instance)
    grid = instance.grid

    def shown(number: int) -> str:
        return LETTERS[number - 1] if fill else str(number)

    cells = [[shown(numbers[instance.givens[(r, c)]]) if (r, c) in instance.givens else EMPTY
              for c in range(grid.cols)] for r in range(grid.rows)]
    links = solution.links() if solution is not None else set()
    lines = [["1" if ((r, c), (r, c + 1)) in links else "0" for c in range(grid.cols - 1)] for r in range(grid.rows)]
    lines += [["1" if ((r, c), (r + 1, c)) in links else "0" for c in range(grid.cols)] for r in range(grid.rows - 1)]
    data = ("passallcell\n" if fill else "") + lines_of(cells) + lines_of(lines)
    return pzprv3_file("arukone" if fill else "numlin", grid.rows, grid.cols, data)


def pzprv3_under(instance: NumberlinkInstance, settings: Settings) -> str:
    """``--to-pzprv3``: the file type of the rules in force (--rules, else the instance's own)."""
    return to_pzprv3(instance, rules_in_force(instance, settings.extras), naming=settings.naming)


def pzprv3_answer(instance: NumberlinkInstance, solution: NumberlinkSolution, settings: Settings) -> str:
    """``-r FILE --result-format pzprv3``: the solved puzzle, its paths drawn, in the file type of the rules in
    force (those it was solved under)."""
    return to_pzprv3(instance, rules_in_force(instance, settings.extras), solution, settings.naming)


NO_SELF_TOUCH_LOST = ("a puzz.link file cannot say no-self-touch: it names the fill or open rule only, and solvers "
                      "of the file will not assume the convention")


def pzprv3_caveat(instance: NumberlinkInstance, settings: Settings) -> str | None:
    """``--to-pzprv3`` under no self-touch: the convention the file drops."""
    return None if rules_in_force(instance, settings.extras).self_touch else NO_SELF_TOUCH_LOST


def _read_file(text: str) -> list[NumberlinkInstance]:
    """The file's puzzle, under a ``# rules:`` line above it (which may add no-self-touch, not change the rule)."""
    return under_stated_rules(text, [read_pzprv3(text)], typed=True, kind="puzz.link file")


PZPRV3_READER: Reader[NumberlinkInstance] = Reader(
    "pzprv3", _read_file, looks_like_pzprv3, "a puzz.link file (pzprv3): File > Save of a numlin or arukone puzzle",
)


URL_READER: Reader[NumberlinkInstance] = Reader(
    "url", lambda text: under_stated_rules(text, [url_or_file(line, read_url, read_pzprv3)
                                                  for line in nonblank_lines(text)], typed=True),
    looks_like_url, "puzz.link numlin / arukone URLs, one per line", typed="a puzz.link URL",
)
"""URLs, one a line: of a type (``numlin/W/H/BODY``), or ``pzprv3`` URLs, which hold a whole file."""
