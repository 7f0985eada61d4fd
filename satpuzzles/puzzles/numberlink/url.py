"""Numberlink as a puzz.link URL: ``https://puzz.link/p?numlin/W/H/BODY`` (``arukone`` read too).

BODY is pzprjs' ``Number16``: hex numbers (with wide forms for large ones) and ``g``-``z``
runs of empty cells; every endpoint needs its number.
"""

from __future__ import annotations

from satpuzzles.core.errors import InputError
from satpuzzles.core.spec import Reader
from satpuzzles.io.puzzlink import MAX_NUMBER, decode_number16, encode_number16, is_url, read_head, url
from satpuzzles.io.textgrid import Line, Token, first_content_lines, nonblank_lines
from satpuzzles.puzzles.numberlink.formats import LIMIT, build_instance
from satpuzzles.puzzles.numberlink.model import EMPTY, NumberlinkInstance

URL_TYPES = ("numlin", "arukone")
UNKNOWN_HINT = "'?' endpoint (a number left unknown) in the URL: every endpoint needs its number"


def read_url(line: Line) -> NumberlinkInstance:
    """A ``numlin`` (or ``arukone``) puzz.link URL."""
    head = read_head(line, URL_TYPES, "Numberlink")
    LIMIT.check(head.height, head.width, line.number, head.body_column)
    numbers = decode_number16(head, unknown_hint=UNKNOWN_HINT)
    labels = {divmod(index, head.width): str(value) for index, value in numbers.items()}
    rows = [[Token(labels.get((r, c), EMPTY), line.number, head.body_column) for c in range(head.width)]
            for r in range(head.height)]
    try:
        return build_instance(rows, line.number, head.width, char_grid=True)
    except InputError as exc:
        raise line.error(f"in the URL: {exc.message}", head.body_column) from None


def url_numbers(instance: NumberlinkInstance) -> dict[str, int]:
    """Each label's number in a URL: its own when all are distinct numbers, else 1, 2, ... in reading order."""
    values = {label: int(label) for label in instance.labels if label.isascii() and label.isdigit() and len(label) <= 7}
    values = {label: value for label, value in values.items() if value <= MAX_NUMBER}
    if len(values) == len(instance.labels) and len(set(values.values())) == len(values):
        return values
    return {label: number for number, label in enumerate(instance.labels, start=1)}


def to_url(instance: NumberlinkInstance) -> str:
    """The puzzle as a puzz.link ``numlin`` URL (pzprjs' encodeNumber16)."""
    numbers = url_numbers(instance)
    cells = [numbers[instance.givens[cell]] if cell in instance.givens else None for cell in instance.grid.cells()]
    return url("numlin", instance.grid.cols, instance.grid.rows, encode_number16(cells))


def _looks_like_url(text: str) -> bool:
    lines = first_content_lines(text, 1)
    return bool(lines) and is_url(lines[0])


URL_READER: Reader[NumberlinkInstance] = Reader(
    "url", lambda text: [read_url(line) for line in nonblank_lines(text)], _looks_like_url,
    "puzz.link numlin / arukone URLs, one per line",
)
