"""Numberlink (Arukone, Flow Free): join equal labels with paths that never cross and fill the board.

This module is the puzzle's spec, registered in pyproject.toml under the
``satpuzzles.puzzles`` entry-point group. Read model.py for the rules, encoding.py for the CNF.
"""

from __future__ import annotations

from satpuzzles.core.spec import Option, PuzzleSpec, View, Writer
from satpuzzles.puzzles.numberlink import view
from satpuzzles.puzzles.numberlink.encoding import ENCODINGS, RULES
from satpuzzles.puzzles.numberlink.formats import JSON, READERS
from satpuzzles.puzzles.numberlink.generator import GENERATOR
from satpuzzles.puzzles.numberlink.url import URL_READER, to_url

SPEC = PuzzleSpec(
    name="numberlink",
    summary="Join equal labels with paths that fill the board (Numberlink, Arukone, Flow Free).",
    rules=RULES,
    readers=(URL_READER, *READERS),
    view=View(
        facts=view.facts,
        text=view.text,
        solution_json=view.solution_json,
        styled=view.styled,
        svg=view.svg,
        result_file=view.result_file,
    ),
    json=JSON,
    writers=(Writer("url", to_url, "Print the puzzle as a puzz.link URL instead of solving."),),
    generator=GENERATOR,
    options=(
        Option("numbers", ("--numbers",), "Print the numbered board (labels in every cell) too."),
        Option("encoding", ("--encoding",), "auto: strengthened first, complete when it finds nothing; "
               "strengthened alone cannot prove unsolvability.", kind="choice", choices=ENCODINGS, default="auto",
               affects_solving=True),
    ),
    examples=(".,2\n.,1\n2,1\n", "1,.,.\n.,.,1\n2,.,2\n", "https://puzz.link/p?numlin/5/5/j1g2j3i12g3l"),
    rules_text="Join each pair of equal labels by a path through adjacent cells; paths never cross or share "
    "a cell, and together they fill the board.",
    sources=("Flow Free", "janko.at (Arukone)", "puzz.link (arukone)"),
)
