"""Numberlink from janko.at's puzzle data (io/janko.py): the types ``arukone``, ``arukone2`` and ``arukone3``.

A label is a number (``12``), ``-`` an empty cell. The type carries the rule as a puzz.link URL's does:
``arukone`` is janko.at's Arukone, whose cells may stay empty (the open rule: six of janko.at's own solutions in
tkoz0/janko.at-puzzle-scraping's data/Arukone.jsonl.bz2, such as /Arukone/181, leave cells empty). For
``arukone2`` and ``arukone3`` (janko.at's Arukone-2 and Arukone-3) no rule is stated here: their published solutions
all fill the board, and the 270 puzzles of instances/numberlink/janko-arukone, which are Arukone-3's, were made as
fillings; they read as a text board does (fill unless ``--rules`` or a ``# rules:`` line says otherwise).
"""

from __future__ import annotations

from satpuzzles.core.errors import InputError
from satpuzzles.core.records import replace
from satpuzzles.core.spec import Reader
from satpuzzles.io.janko import claim_types, looks_like_janko, read_blocks
from satpuzzles.io.textgrid import Token
from satpuzzles.puzzles.numberlink.formats import LIMIT, NO_LABELS, build_instance
from satpuzzles.puzzles.numberlink.model import EMPTY, OPEN, NumberlinkInstance
from satpuzzles.puzzles.numberlink.stated import under_stated_rules

TYPE_RULES: dict[str, str | None] = {"arukone": OPEN, "arukone2": None, "arukone3": None}
"""The rule each janko.at type means (None: not stated, as a text board)."""
JANKO_EMPTY = "-"
claim_types("numberlink", tuple(TYPE_RULES))


def read_janko(text: str) -> list[NumberlinkInstance]:
    """Every block of janko.at Arukone data in the text, each under its type's rule (a ``# rules:`` line above a block
    may state one where its type states none, and no-self-touch; not contradict the type, nor stand inside a block)."""
    instances, ends = [], []
    for block in read_blocks(text, "numberlink", tuple(TYPE_RULES), LIMIT):
        rows = [[Token(EMPTY, token.line, token.column) if token.text == JANKO_EMPTY else token for token in row]
                for row in block.rows]
        try:
            instance = build_instance(rows, block.line, width=block.width)
        except InputError as exc:
            if exc.message == NO_LABELS:  # janko.at writes an empty cell '-', not '.'
                exc.message = NO_LABELS.replace(f"({EMPTY!r})", f"({JANKO_EMPTY!r})")
            raise
        instances.append(replace(instance, rules=TYPE_RULES[block.kind]))
        ends.append(block.end)
    return under_stated_rules(text, instances, typed=True, ends=ends, kind="janko.at block")


JANKO_READER: Reader[NumberlinkInstance] = Reader(
    "janko", read_janko, looks_like_janko,
    "janko.at puzzle data: 'begin', 'puzzle arukone', 'size N' or 'rows'/'cols', 'problem' and its rows ('-' "
    "empty), 'end'; several blocks one after another",
)
