"""Masyu as a puzz.link URL: ``https://puzz.link/p?mashu/[f/]W/H/BODY``.

BODY is pzprjs' ``decodeCircle`` (robx/pzprjs src/variety-common/Encode.js,
``genericDecodeTriple``): each base-27 digit ``0``-``9``, ``a``-``q`` holds three cells in
reading order, worth 9, 3 and 1, each ``0`` (none), ``1`` (white) or ``2`` (black). The
type is ``mashu``; pzprjs also reads its aliases ``masyu`` (Kanpen's name) and ``pearl``,
and (as for every puzzle) ``_edit`` / ``_play`` suffixes, a ``v:VARIANT/`` segment and a
final ``/``. The ``f`` flag (pzprjs' ``loop_full``) asks the loop to visit every cell. Also
read from pzv.jp and other pzprjs hosts.
"""

from __future__ import annotations

from satpuzzles.geometry import Grid
from satpuzzles.io.puzzlink import decode_circle, encode_circle, read_head, url
from satpuzzles.io.textgrid import Line, SizeLimit
from satpuzzles_masyu.model import BLACK, WHITE, Colour, MasyuInstance

URL_TYPES = ("mashu", "masyu", "pearl")
FLAGS = {"f": "the loop visits every cell"}
VALUES: dict[int, Colour] = {1: WHITE, 2: BLACK}
"""pzprjs' ``qnum`` of a circle: 1 white, 2 black (its ``getCircleFillColor_qnum2``)."""
LIMIT = SizeLimit("Masyu", side=1000, cells=250_000)
"""The largest board read, in every format, checked before any cell is read: as Slitherlink's, another loop
puzzle (about 1 GB and 4-15 s at the limit, see README.md; puzzles rich in circles can be slow far below it)."""


def read_url(line: Line) -> MasyuInstance:
    """The puzzle of a ``mashu`` URL."""
    head = read_head(line, URL_TYPES, "Masyu", FLAGS)
    LIMIT.check(head.height, head.width, line.number, head.body_column)
    values = decode_circle(head)
    circles = {divmod(i, head.width): VALUES[v] for i, v in enumerate(values) if v}
    return MasyuInstance(Grid(head.height, head.width), circles, line.number, "f" in head.flags)


def to_url(instance: MasyuInstance) -> str:
    """The puzzle as a puzz.link URL."""
    number = {colour: value for value, colour in VALUES.items()}
    cells = [number[instance.circles[cell]] if cell in instance.circles else 0 for cell in instance.grid.cells()]
    flags = "f" if instance.visit_all else ""
    return url("mashu", instance.grid.cols, instance.grid.rows, encode_circle(cells), flags)

