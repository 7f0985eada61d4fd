"""Numberlink as a puzz.link URL: ``https://puzz.link/p?numlin/W/H/BODY`` or ``arukone/W/H/BODY``.

The type carries the rules: ``numlin`` is Nikoli's Numberlink (cells may stay empty, the
open rule), ``arukone`` asks for every cell to be used (the fill rule). A URL read without
--rules is solved under its own type's rule; --to-url writes the type of the rules in force.
BODY is pzprjs' ``Number16``: hex numbers (with wide forms for large ones) and ``g``-``z``
runs of empty cells; every endpoint needs its number.
"""

from __future__ import annotations

from itertools import count

from satpuzzles.core.errors import InputError
from satpuzzles.core.outcome import Settings
from satpuzzles.core.records import replace
from satpuzzles.io.puzzlink import MAX_NUMBER, decode_number16, encode_number16, read_head, url
from satpuzzles.io.textgrid import Line, Token
from satpuzzles.puzzles.numberlink.formats import LIMIT, build_instance
from satpuzzles.puzzles.numberlink.model import EMPTY, FILL, OPEN, NumberlinkInstance, RuleSet, rules_in_force

URL_TYPES = ("numlin", "arukone", "numberlink")
TYPE_RULES = {"numlin": OPEN, "arukone": FILL, "numberlink": OPEN}
"""The rule each URL type means (``numberlink`` is pzprjs' other name for ``numlin``)."""
OPEN_FLAG = "e"
"""pzprjs' arukone flag for its variant "cells need not all be used": the open rule (numlin is open anyway)."""
UNKNOWN_HINT = "'?' endpoint (a number left unknown) in the URL: every endpoint needs its number"


def read_url(line: Line) -> NumberlinkInstance:
    """A ``numlin`` (or ``arukone``) puzz.link URL."""
    head = read_head(line, URL_TYPES, "Numberlink", {OPEN_FLAG: "cells may stay empty"})
    LIMIT.check(head.height, head.width, line.number, head.body_column)
    numbers = decode_number16(head, unknown_hint=UNKNOWN_HINT)
    rows = [[Token(EMPTY, line.number, head.body_column) for _ in range(head.width)] for _ in range(head.height)]
    for index, (value, column) in numbers.items():
        r, c = divmod(index, head.width)
        rows[r][c] = Token(str(value), line.number, column)
    try:
        instance = build_instance(rows, line.number, head.width, char_grid=True)
    except InputError as exc:
        raise line.error(f"in the URL: {exc.message}", exc.column or head.body_column) from None
    return replace(instance, rules=OPEN if OPEN_FLAG in head.flags else TYPE_RULES[head.kind])


LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""How puzz.link shows an arukone URL's numbers 1 to 52 (pzprjs' numberAsLetter): A to Z, then a to z."""


def url_numbers(instance: NumberlinkInstance, letters: bool = False) -> dict[str, int]:
    """Each label's number in a URL: its own when it is a number a URL holds and no earlier label has it (7 and
    07); with ``letters`` (an arukone URL, shown in letters) a single letter's own (A 1, a 27) when no label kept
    it; else the smallest number no label keeps, in reading order."""
    numbers: dict[str, int] = {}
    taken: set[int] = set()
    for label in instance.labels:
        value = int(label) if label.isascii() and label.isdigit() and len(label) <= 7 else None
        if value is not None and value <= MAX_NUMBER and value not in taken:
            numbers[label] = value
            taken.add(value)
    for label in instance.labels if letters else ():
        value = LETTERS.index(label) + 1 if len(label) == 1 and label in LETTERS else None
        if value is not None and value not in taken:
            numbers[label] = value
            taken.add(value)
    free = (number for number in count(1) if number not in taken)
    return {label: numbers[label] if label in numbers else next(free) for label in instance.labels}


def to_url(instance: NumberlinkInstance, rules: RuleSet | None = None) -> str:
    """The puzzle as a puzz.link URL (pzprjs' encodeNumber16): ``arukone`` under the fill rule, ``numlin``
    under open; ``rules`` default to the instance's own (fill when its format does not say)."""
    fill = rules.fill if rules is not None else instance.rules != OPEN
    numbers = url_numbers(instance, letters=fill)
    cells = [numbers[instance.givens[cell]] if cell in instance.givens else None for cell in instance.grid.cells()]
    return url("arukone" if fill else "numlin", instance.grid.cols, instance.grid.rows, encode_number16(cells))


def url_under(instance: NumberlinkInstance, settings: Settings) -> str:
    """``--to-url``: the URL type of the rules in force (--rules, else the instance's own)."""
    return to_url(instance, rules_in_force(instance, settings.extras))


NO_SELF_TOUCH_LOST = ("a puzz.link URL cannot say no-self-touch: it names the fill or open rule only, and solvers "
                      "of the URL will not assume the convention (in a file, a line '# rules: no-self-touch' above "
                      "the URL keeps it for satpuzzles)")


def url_caveat(instance: NumberlinkInstance, settings: Settings) -> str | None:
    """``--to-url`` under no self-touch (--no-self-touch, or a ``# rules:`` line stating it): the convention the URL
    drops."""
    return None if rules_in_force(instance, settings.extras).self_touch else NO_SELF_TOUCH_LOST

